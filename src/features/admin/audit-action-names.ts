import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditAction } from '../../../contracts/admin-taxonomy';

/** Every change the audit log records, in words (the team's history; docs/admin.md). */
export const AUDIT_ACTION_NAMES: Record<AuditAction, MessageDescriptor> = {
  'campaign.create': msg`Campanha criada`,
  'campaign.save': msg`Rascunho de campanha salvo`,
  'campaign.delete': msg`Campanha apagada`,
  'campaign.publish': msg`Campanha publicada`,
  'campaign.schedule': msg`Publicação agendada`,
  'campaign.unschedule': msg`Agendamento cancelado`,
  'campaign.apply': msg`Alterações da campanha publicadas`,
  'campaign.pause': msg`Campanha pausada`,
  'campaign.resume': msg`Campanha retomada`,
  'campaign.end': msg`Campanha encerrada`,
  'campaign.archive': msg`Campanha arquivada`,
  'category.created': msg`Categoria criada`,
  'category.renamed': msg`Categoria renomeada`,
  'category.reordered': msg`Categorias reordenadas`,
  'category.deleted': msg`Categoria apagada`,
  'tag.created': msg`Tag criada`,
  'tag.renamed': msg`Tag renomeada`,
  'tag.merged': msg`Tags juntadas`,
  'tag.deleted': msg`Tag apagada`,
  'member.invited': msg`Convite enviado`,
  'member.invitation_revoked': msg`Convite cancelado`,
  'member.joined': msg`Entrou na equipe`,
  'member.permissions_changed': msg`Permissões alteradas`,
  'member.permissions_requested': msg`Permissões pedidas (esperando aprovação)`,
  'member.permissions_approved': msg`Permissões aprovadas`,
  'member.permissions_rejected': msg`Permissões recusadas`,
  'member.removed': msg`Removido da equipe`,
  'webhook.created': msg`Webhook criado`,
  'webhook.updated': msg`Webhook alterado`,
  'webhook.deleted': msg`Webhook apagado`,
  'webhook.secret_rotated': msg`Segredo do webhook trocado`,
  'webhook.test_sent': msg`Teste de webhook enviado`,
  'webhook.replayed': msg`Entregas de webhook reenviadas`,
  'refund.requested': msg`Reembolso pedido`,
  'refund.approved': msg`Reembolso aprovado`,
  'refund.rejected': msg`Reembolso recusado`,
  'pix_key.requested': msg`Chave PIX pedida`,
  'pix_key.approved': msg`Chave PIX aprovada`,
  'pix_key.rejected': msg`Chave PIX recusada`,
  'payout_account.requested': msg`Conta dos repasses pedida`,
  'payout_account.approved': msg`Conta dos repasses aprovada`,
  'payout_account.rejected': msg`Conta dos repasses recusada`,
  'export.requested': msg`Exportação pedida`,
  'export.downloaded': msg`Exportação baixada`,
  'organisation.updated': msg`Dados da organização alterados`,
  'privacy.requests_viewed': msg`Pedidos de titulares consultados`,
  'backup.requested': msg`Backup do banco de dados pedido`,
};

/** The action's name, or its code for one this version does not know. */
export const auditActionName = (action: string, translate: (descriptor: MessageDescriptor) => string): string =>
  action in AUDIT_ACTION_NAMES ? translate(AUDIT_ACTION_NAMES[action as AuditAction]) : action;
