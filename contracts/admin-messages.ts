import type { MessageDescriptor } from './messages';
import type { DonationStatus, PaymentMethod } from './donations';
import type { Permission } from './permissions';

/** Messages of the admin pages' API (docs/admin.md); the admin catalog scope shows them. */
export const adminMessages = {
  secondFactorEnrolmentRequired: /*i18n*/ {
    id: 'error.second_factor_enrolment_required',
    message:
      'Para mexer com dinheiro ou com a equipe, ative antes uma segunda etapa de verificação (aplicativo autenticador ou chave de acesso) na página Segurança do seu perfil.',
  },
  stepUpRequired: /*i18n*/ {
    id: 'error.step_up_required',
    message: 'Confirme que é você: digite o código do seu aplicativo autenticador ou use sua chave de acesso.',
  },
  nameRequired: /*i18n*/ { id: 'validation.taxonomy_name.required', message: 'O nome é obrigatório' },
  nameTooLong: /*i18n*/ { id: 'validation.taxonomy_name.too_long', message: 'O nome deve ter no máximo 60 caracteres' },
  categoryNameTaken: /*i18n*/ { id: 'error.category_name_taken', message: 'Já existe uma categoria com esse nome.' },
  tagNameTaken: /*i18n*/ { id: 'error.tag_name_taken', message: 'Já existe uma tag com esse nome.' },
  categoryNotFound: /*i18n*/ { id: 'error.category_not_found', message: 'Categoria não encontrada.' },
  tagNotFound: /*i18n*/ { id: 'error.tag_not_found', message: 'Tag não encontrada.' },
  categoryInUse: /*i18n*/ {
    id: 'error.category_in_use',
    message: 'Esta categoria tem campanhas: escolha para qual categoria elas vão antes de apagá-la.',
  },
  categoryMoveToSelf: /*i18n*/ { id: 'error.category_move_to_self', message: 'Escolha outra categoria para receber as campanhas.' },
  tagInUse: /*i18n*/ { id: 'error.tag_in_use', message: 'Esta tag está em campanhas: junte-a a outra tag em vez de apagá-la.' },
  tagMergeSame: /*i18n*/ { id: 'error.tag_merge_same', message: 'Escolha duas tags diferentes para juntar.' },
  orderIncomplete: /*i18n*/ { id: 'error.category_order_incomplete', message: 'A nova ordem precisa ter cada categoria uma vez.' },
  inviteEmailMember: /*i18n*/ { id: 'error.team_already_member', message: 'Esta pessoa já faz parte da equipe.' },
  inviteNotFound: /*i18n*/ {
    id: 'error.team_invite_not_found',
    message: 'Este convite não vale mais: pode ter expirado, sido usado ou cancelado. Peça um novo a quem convidou você.',
  },
  inviteOtherEmail: /*i18n*/ {
    id: 'error.team_invite_other_email',
    message: 'Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo.',
  },
  memberNotFound: /*i18n*/ { id: 'error.team_member_not_found', message: 'Esta pessoa não faz parte da equipe.' },
  lastTeamManager: /*i18n*/ {
    id: 'error.team_last_manager',
    message: 'Alguém precisa continuar podendo gerenciar a equipe: dê essa permissão a outra pessoa antes.',
  },
  ownPermissions: /*i18n*/ {
    id: 'error.team_own_permissions',
    message: 'Ninguém muda as próprias permissões: peça a outra pessoa da equipe.',
  },
  grantNotHeld: /*i18n*/ {
    id: 'error.team_grant_not_held',
    message: 'Você só pode dar permissões que você mesmo tem.',
  },
  teamChangeNotFound: /*i18n*/ { id: 'error.team_change_not_found', message: 'Pedido de mudança de permissões não encontrado.' },
  teamChangeNotPending: /*i18n*/ { id: 'error.team_change_not_pending', message: 'Este pedido já foi decidido.' },
  teamChangeOwnApproval: /*i18n*/ {
    id: 'error.team_change_own_approval',
    message: 'Outra pessoa da equipe precisa decidir: quem pediu a mudança, ou quem a recebe, não a aprova.',
  },
  teamChangeOutdated: /*i18n*/ {
    id: 'error.team_change_outdated',
    message: 'As permissões dessa pessoa mudaram depois do pedido: peça de novo.',
  },
  titleRequired: /*i18n*/ { id: 'validation.campaign_title.required', message: 'O título é obrigatório' },
  titleTooLong: /*i18n*/ { id: 'validation.campaign_title.too_long', message: 'O título deve ter no máximo 120 caracteres' },
  slugFormat: /*i18n*/ {
    id: 'validation.campaign_slug.format',
    message: 'O endereço deve ter apenas letras minúsculas sem acento, números e hífens',
  },
  slugTooLong: /*i18n*/ { id: 'validation.campaign_slug.too_long', message: 'O endereço deve ter no máximo 80 caracteres' },
  summaryTooLong: /*i18n*/ { id: 'validation.campaign_summary.too_long', message: 'O resumo deve ter no máximo 280 caracteres' },
  tooManyTags: /*i18n*/ { id: 'validation.campaign_tags.too_many', message: 'Escolha no máximo 10 tags' },
  storyTooLong: /*i18n*/ { id: 'validation.campaign_story.too_long', message: 'A história está longa demais' },
  coverInvalid: /*i18n*/ { id: 'validation.campaign_cover.invalid', message: 'Envie a capa pelo editor' },
  goalInvalid: /*i18n*/ { id: 'validation.campaign_goal.invalid', message: 'Informe a meta em reais' },
  goalTooSmall: /*i18n*/ { id: 'validation.campaign_goal.too_small', message: 'A meta deve ser de pelo menos R$ 1,00' },
  goalTooBig: /*i18n*/ { id: 'validation.campaign_goal.too_big', message: 'A meta deve ser de no máximo R$ 100.000.000,00' },
  endDateInvalid: /*i18n*/ { id: 'validation.campaign_end.invalid', message: 'Informe uma data de término válida' },
  endDatePast: /*i18n*/ { id: 'validation.campaign_end.past', message: 'A data de término já passou' },
  organiserTooLong: /*i18n*/ { id: 'validation.campaign_organiser.too_long', message: 'O nome deve ter no máximo 120 caracteres' },
  shareTitleTooLong: /*i18n*/ {
    id: 'validation.campaign_share_title.too_long',
    message: 'O título do link deve ter no máximo 70 caracteres',
  },
  shareDescriptionTooLong: /*i18n*/ {
    id: 'validation.campaign_share_description.too_long',
    message: 'A descrição do link deve ter no máximo 200 caracteres',
  },
  publishAtInvalid: /*i18n*/ { id: 'validation.campaign_publish_at.invalid', message: 'Escolha uma data e hora futuras' },
  campaignNotFound: /*i18n*/ { id: 'error.admin_campaign_not_found', message: 'Campanha não encontrada.' },
  slugTaken: /*i18n*/ { id: 'error.campaign_slug_taken', message: 'Este endereço já é de outra campanha.' },
  draftConflict: /*i18n*/ {
    id: 'error.campaign_draft_conflict',
    message: 'Outra pessoa salvou esta campanha depois que você começou a editar. Escolha qual versão manter.',
  },
  lifecycleRefused: /*i18n*/ { id: 'error.campaign_lifecycle_refused', message: 'Esta ação não vale para a campanha no estado atual.' },
  notReadyToPublish: /*i18n*/ {
    id: 'error.campaign_not_ready',
    message: 'Para publicar, a campanha precisa de título, resumo, história, capa, categoria e organizador.',
  },
  categoryUnknown: /*i18n*/ { id: 'error.campaign_category_unknown', message: 'Escolha uma categoria da lista.' },
  tagUnknown: /*i18n*/ { id: 'error.campaign_tag_unknown', message: 'Escolha tags da lista.' },
  campaignHasDonations: /*i18n*/ {
    id: 'error.campaign_has_donations',
    message: 'Uma campanha com doações nunca é apagada: arquive-a.',
  },
  campaignNotDeletable: /*i18n*/ { id: 'error.campaign_not_deletable', message: 'Só rascunhos e campanhas arquivadas podem ser apagados.' },
  versionNotFound: /*i18n*/ { id: 'error.campaign_version_not_found', message: 'Versão não encontrada.' },
  imageTooBig: /*i18n*/ { id: 'error.image_too_big', message: 'A imagem deve ter no máximo 5 MB' },
  imageType: /*i18n*/ { id: 'error.image_type', message: 'Envie uma imagem JPEG, PNG ou WebP' },
  imageUnreadable: /*i18n*/ {
    id: 'error.image_unreadable',
    message: 'Não conseguimos ler esta imagem: envie outra, com até 40 megapixels',
  },
  imageTooSmall: /*i18n*/ { id: 'error.image_too_small', message: 'A capa deve ter pelo menos 960 × 540 pixels' },
  webhookUrlInvalid: /*i18n*/ { id: 'validation.webhook_url.invalid', message: 'Informe um endereço http ou https válido' },
  webhookUrlRefused: /*i18n*/ {
    id: 'error.webhook_url_refused',
    message: 'Este endereço é da rede interna: webhooks só vão para endereços públicos.',
  },
  webhookDescriptionTooLong: /*i18n*/ {
    id: 'validation.webhook_description.too_long',
    message: 'A descrição deve ter no máximo 200 caracteres',
  },
  webhookEventUnknown: /*i18n*/ { id: 'validation.webhook_event.unknown', message: 'Escolha eventos da lista' },
  webhookEventsRequired: /*i18n*/ { id: 'validation.webhook_events.required', message: 'Escolha pelo menos um evento' },
  webhookEventsOverlap: /*i18n*/ {
    id: 'validation.webhook_events.overlap',
    message: 'Escolha “Todos os eventos” sozinho, e uma família (donation.*) sem os eventos dela: ela já os inclui.',
  },
  webhookNotFound: /*i18n*/ { id: 'error.webhook_not_found', message: 'Webhook não encontrado.' },
  webhookDisabled: /*i18n*/ { id: 'error.webhook_disabled', message: 'Este webhook está desligado: ligue-o antes de enviar.' },
  donationNotFound: /*i18n*/ { id: 'error.admin_donation_not_found', message: 'Doação não encontrada.' },
  refundNotFound: /*i18n*/ { id: 'error.refund_not_found', message: 'Reembolso não encontrado.' },
  refundNotConfirmed: /*i18n*/ { id: 'error.refund_not_confirmed', message: 'Só doações confirmadas podem ser reembolsadas.' },
  refundTooMuch: /*i18n*/ { id: 'error.refund_too_much', message: 'O valor passa do que ainda pode ser reembolsado desta doação.' },
  refundNotAwaiting: /*i18n*/ { id: 'error.refund_not_awaiting', message: 'Este reembolso não está esperando aprovação.' },
  refundOwnApproval: /*i18n*/ {
    id: 'error.refund_own_approval',
    message: 'Outra pessoa da equipe precisa aprovar o reembolso que você pediu.',
  },
  refundReasonRequired: /*i18n*/ { id: 'validation.refund_reason.required', message: 'Informe o motivo do reembolso' },
  refundAmountInvalid: /*i18n*/ { id: 'validation.refund_amount.invalid', message: 'Informe um valor a partir de R$ 0,01' },
  periodOrder: /*i18n*/ { id: 'validation.period.order', message: 'O início do período precisa ser antes do fim' },
  periodTooLong: /*i18n*/ { id: 'validation.period.too_long', message: 'Escolha um período de até 3 anos' },
  pixKeyTypeInvalid: /*i18n*/ { id: 'validation.pix_key_type.invalid', message: 'Escolha o tipo da chave' },
  pixKeyInvalid: /*i18n*/ { id: 'validation.pix_key.invalid', message: 'Esta chave não é válida para o tipo escolhido' },
  bankUnknown: /*i18n*/ { id: 'validation.bank.unknown', message: 'Escolha um banco da lista' },
  branchInvalid: /*i18n*/ { id: 'validation.branch.invalid', message: 'A agência tem 4 dígitos' },
  accountInvalid: /*i18n*/ { id: 'validation.account.invalid', message: 'Informe o número da conta, só com dígitos' },
  accountDigitInvalid: /*i18n*/ { id: 'validation.account_digit.invalid', message: 'O dígito da conta é um número ou X' },
  accountDigitMismatch: /*i18n*/ {
    id: 'validation.account_digit.mismatch',
    message: 'O dígito não confere com a agência e a conta neste banco',
  },
  holderNameRequired: /*i18n*/ { id: 'validation.account_holder_name.required', message: 'Informe o nome do titular' },
  holderDocumentInvalid: /*i18n*/ { id: 'validation.holder_document.invalid', message: 'Informe um CPF ou CNPJ válido do titular' },
  changeNotFound: /*i18n*/ { id: 'error.pix_change_not_found', message: 'Pedido não encontrado.' },
  changeNotPending: /*i18n*/ { id: 'error.pix_change_not_pending', message: 'Este pedido não está esperando aprovação.' },
  changeOwnApproval: /*i18n*/ {
    id: 'error.pix_change_own_approval',
    message: 'Outra pessoa da equipe precisa aprovar a mudança que você pediu.',
  },
  exportNotFound: /*i18n*/ { id: 'error.export_not_found', message: 'Exportação não encontrada.' },
  exportNotReady: /*i18n*/ { id: 'error.export_not_ready', message: 'Esta exportação ainda está sendo preparada.' },
  exportExpired: /*i18n*/ {
    id: 'error.export_expired',
    message: 'Este arquivo não está mais disponível: peça a exportação de novo.',
  },
  exportTooLarge: /*i18n*/ {
    id: 'error.export_too_large',
    message: 'Esta exportação passa de 10.000 linhas: peça-a para ser preparada em segundo plano.',
  },
  backupRunning: /*i18n*/ {
    id: 'error.backup_running',
    message: 'Um backup já está sendo feito. Aguarde ele terminar e veja o resultado na lista de backups.',
  },
  backupsExternal: /*i18n*/ {
    id: 'error.backups_external',
    message:
      'Este servidor usa PostgreSQL: os backups são feitos pelo próprio banco de dados (pg_dump e recuperação a um ponto no tempo), não pelo Semear.',
  },
} satisfies Record<string, MessageDescriptor>;

/** How a payment method is called on the admin's pages and in their exports. */
export const paymentMethodNames = {
  card: /*i18n*/ { id: 'admin.payment_method.card', message: 'Cartão' },
  saved_card: /*i18n*/ { id: 'admin.payment_method.saved_card', message: 'Cartão salvo' },
  pix: /*i18n*/ { id: 'admin.payment_method.pix', message: 'PIX' },
  paypal: /*i18n*/ { id: 'admin.payment_method.paypal', message: 'PayPal' },
  gift_card: /*i18n*/ { id: 'admin.payment_method.gift_card', message: 'Gift card' },
  wallet: /*i18n*/ { id: 'admin.payment_method.wallet', message: 'Carteira' },
} satisfies Record<PaymentMethod, MessageDescriptor>;

/** How a donation's status is called on the admin's pages and in their exports. */
export const donationStatusNames = {
  pending: /*i18n*/ { id: 'admin.donation_status.pending', message: 'Pendente' },
  confirmed: /*i18n*/ { id: 'admin.donation_status.confirmed', message: 'Confirmada' },
  failed: /*i18n*/ { id: 'admin.donation_status.failed', message: 'Falhou' },
  expired: /*i18n*/ { id: 'admin.donation_status.expired', message: 'Expirou' },
  refunded: /*i18n*/ { id: 'admin.donation_status.refunded', message: 'Reembolsada' },
} satisfies Record<DonationStatus, MessageDescriptor>;

/** What each permission lets a member do, as the team page and the invitation e-mail name it (docs/spec.md §6). */
export const PERMISSION_NAMES: Record<Permission, MessageDescriptor> = {
  MANAGE_FINANCES: /*i18n*/ { id: 'permission.manage_finances', message: 'Finanças' },
  MANAGE_CAMPAIGNS: /*i18n*/ { id: 'permission.manage_campaigns', message: 'Campanhas, categorias e tags' },
  MANAGE_PIX_ACCOUNTS: /*i18n*/ { id: 'permission.manage_pix_accounts', message: 'Contas PIX' },
  MANAGE_TEAM: /*i18n*/ { id: 'permission.manage_team', message: 'Equipe' },
  MANAGE_USERS: /*i18n*/ { id: 'permission.manage_users', message: 'Usuários e doações' },
};
