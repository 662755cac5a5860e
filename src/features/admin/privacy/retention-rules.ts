import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface RetentionRule {
  data: MessageDescriptor;
  kept: MessageDescriptor;
  why: MessageDescriptor;
}

/**
 * How long each kind of personal data is kept and why (docs/privacy.md, "DPO"): what the privacy policy promises,
 * in the terms the DPO answers a data subject or the ANPD with.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    data: msg`Doações, pagamentos, reembolsos, lançamentos da carteira e comprovantes emitidos`,
    kept: msg`5 anos, contados do primeiro dia do ano seguinte ao da doação. Se a conta for excluída, ficam sob o pseudônimo "Doador removido".`,
    why: msg`Obrigação fiscal: prazo de decadência e guarda dos livros e documentos (CTN, arts. 173 e 195, parágrafo único); LGPD, art. 16, I.`,
  },
  {
    data: msg`Dados da conta: nome, e-mail, CPF ou CNPJ, telefone, endereço, data de nascimento`,
    kept: msg`Enquanto a conta existir. Na exclusão, são anonimizados em todas as tabelas.`,
    why: msg`Execução do contrato (LGPD, art. 7º, V); eliminação ao fim do tratamento (art. 16).`,
  },
  {
    data: msg`Contato de quem doou sem conta (convidado)`,
    kept: msg`Como os registros da doação (5 anos), salvo pedido de exclusão confirmado pelo link do recibo.`,
    why: msg`Emissão de recibos e obrigação fiscal (LGPD, art. 7º, II e V).`,
  },
  {
    data: msg`Cópia dos dados pedida pelo titular (arquivo ZIP)`,
    kept: msg`7 dias; depois o arquivo é apagado automaticamente e o pedido fica como expirado.`,
    why: msg`Acesso e portabilidade (LGPD, art. 18, II e V); guardar a cópia por mais tempo só aumentaria o risco.`,
  },
  {
    data: msg`Sessões e aparelhos conectados`,
    kept: msg`Até a pessoa sair ou a sessão expirar; todas são encerradas e apagadas na exclusão da conta.`,
    why: msg`Segurança da conta (LGPD, art. 7º, IX).`,
  },
  {
    data: msg`Registros de acesso (endereço IP, navegador, data e hora)`,
    kept: msg`6 meses.`,
    why: msg`Marco Civil da Internet (Lei 12.965/2014), art. 15.`,
  },
  {
    data: msg`Planilhas de destinatários de gift cards corporativos`,
    kept: msg`1 dia depois de lidas; depois são apagadas automaticamente.`,
    why: msg`Só servem para enviar os cartões (LGPD, art. 6º, III: necessidade).`,
  },
  {
    data: msg`Registro de auditoria (alterações da equipe e consultas a esta página)`,
    kept: msg`Sem prazo de exclusão: só recebe acréscimos, nunca alterações.`,
    why: msg`Prestação de contas: registro das operações de tratamento (LGPD, arts. 6º, X, e 37).`,
  },
  {
    data: msg`Pedidos de titulares (esta lista)`,
    kept: msg`Enquanto a plataforma existir, como prova do atendimento; de um convidado, só um hash do e-mail.`,
    why: msg`Comprovar que os direitos do titular foram atendidos (LGPD, arts. 18 e 37).`,
  },
];
