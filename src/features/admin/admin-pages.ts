import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdminPath } from '../../../contracts';

/** Title and one-line purpose of each admin page (docs/spec.md §2), in menu order. */
export const ADMIN_PAGES: Record<AdminPath, { title: MessageDescriptor; lead: MessageDescriptor; inMenu: boolean }> = {
  '/admin/finances': { title: msg`Finanças`, lead: msg`Entradas, repasses e taxas por período, com gráficos.`, inMenu: true },
  '/admin/pix-keys': { title: msg`Chaves PIX`, lead: msg`As chaves PIX que recebem as doações de cada campanha.`, inMenu: true },
  '/admin/pix-accounts': { title: msg`Contas PIX`, lead: msg`As contas bancárias ligadas às chaves PIX.`, inMenu: true },
  '/admin/categories': { title: msg`Categorias`, lead: msg`As causas em que as campanhas se agrupam.`, inMenu: true },
  '/admin/tags': { title: msg`Tags`, lead: msg`Etiquetas que ajudam a encontrar campanhas na busca.`, inMenu: true },
  '/admin/campaigns': { title: msg`Campanhas`, lead: msg`Todas as campanhas, com metas, status e valores arrecadados.`, inMenu: true },
  '/admin/campaigns/edit': { title: msg`Editar campanha`, lead: msg`História, meta, imagens e categoria da campanha.`, inMenu: false },
  '/admin/campaigns/new': { title: msg`Nova campanha`, lead: msg`Crie uma campanha: história, meta, imagens e categoria.`, inMenu: false },
  '/admin/team': { title: msg`Equipe`, lead: msg`Quem administra a Semear e o que cada pessoa pode fazer.`, inMenu: true },
  '/admin/donations': { title: msg`Doações`, lead: msg`Todas as doações, com filtros que ficam no endereço da página.`, inMenu: true },
  '/admin/webhooks': {
    title: msg`Webhooks`,
    lead: msg`Avisos que o Semear envia aos sistemas da sua organização (ERP, CRM, planilhas) a cada doação, reembolso ou campanha publicada, e o resultado de cada entrega.`,
    inMenu: true,
  },
  '/admin/organization': {
    title: msg`Organização`,
    lead: msg`Os dados legais da organização, que saem em cada comprovante e declaração, e o contato do encarregado de dados (DPO).`,
    inMenu: true,
  },
  '/admin/privacy': {
    title: msg`Privacidade`,
    lead: msg`Os pedidos de cópia e de exclusão de dados (LGPD), com datas e resultado, e por quanto tempo cada dado é guardado.`,
    inMenu: true,
  },
  '/admin/system': {
    title: msg`Sistema`,
    lead: msg`Alertas, filas, o último backup, as versões e a saúde de cada provedor de pagamento.`,
    inMenu: true,
  },
};
