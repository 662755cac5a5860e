import type { MessageDescriptor } from './messages';

/**
 * Messages of the donor's home (wallet, monthly giving, notifications, contributions, cards): errors
 * the API translates and the few texts contracts carry. Their catalog scope is `wallet`
 * (src/app/i18n/scopes.ts): the first page never loads them.
 */
export const donorMessages = {
  // analytics
  pageViewInFuture: /*i18n*/ { id: 'analytics.occurred_at.future', message: 'A data da visita (occurred_at) não pode estar no futuro.' },
  pageViewTooOld: /*i18n*/ { id: 'analytics.occurred_at.too_old', message: 'A data da visita (occurred_at) deve ser dos últimos 7 dias.' },
  // realtime
  realtimeSignatureInvalid: /*i18n*/ { id: 'realtime.signature.invalid', message: 'Assinatura do evento inválida ou expirada.' },
  realtimeSocketIdInvalid: /*i18n*/ { id: 'realtime.socket_id.invalid', message: 'O socket_id deve ter o formato 123.456' },
  realtimeChannelInvalid: /*i18n*/ { id: 'realtime.channel.invalid', message: 'Informe o canal (channel_name)' },
  realtimeEventInvalid: /*i18n*/ {
    id: 'realtime.event.invalid',
    message: 'Evento inválido: name, data (até 10 KB) e de 1 a 100 canais válidos',
  },
  // wallet
  walletPageInvalid: /*i18n*/ {
    id: 'wallet.statement.page.invalid',
    message: 'A página do extrato deve ser um número inteiro a partir de 0',
  },
  walletPageSizeInvalid: /*i18n*/ {
    id: 'wallet.statement.amount.invalid',
    message: 'A quantidade por página do extrato deve ser um número inteiro de 1 a 100',
  },
  walletCauseInvalid: /*i18n*/ {
    id: 'wallet.cause.invalid',
    message: 'Informe o endereço de uma campanha, ou null para deixar o Semear escolher a causa',
  },
  // subscriptions
  subscriptionAlreadyOpen: /*i18n*/ {
    id: 'subscriptions.already_open',
    message: 'Você já tem uma doação mensal. Altere o valor ou o cartão no seu perfil.',
  },
  subscriptionNotFound: /*i18n*/ { id: 'subscriptions.not_found', message: 'Doação mensal não encontrada.' },
  subscriptionCanceled: /*i18n*/ { id: 'subscriptions.canceled', message: 'Esta doação mensal já foi cancelada.' },
  subscriptionNotPausable: /*i18n*/ { id: 'subscriptions.not_pausable', message: 'Só é possível pausar uma doação mensal ativa.' },
  subscriptionNotPaused: /*i18n*/ { id: 'subscriptions.not_paused', message: 'Esta doação mensal não está pausada.' },
  pixAutomaticoUnavailable: /*i18n*/ {
    id: 'subscriptions.pix_automatico.unavailable',
    message: 'A doação mensal por PIX não está disponível no momento. Escolha o cartão.',
  },
  pixAutomaticoDocumentRequired: /*i18n*/ {
    id: 'subscriptions.pix_automatico.document_required',
    message: 'A doação mensal por PIX precisa do CPF ou CNPJ de quem paga.',
  },
  subscriptionCardNotUsed: /*i18n*/ {
    id: 'subscriptions.card_not_used',
    message: 'Esta doação mensal é paga por Pix Automático, sem cartão.',
  },
  subscriptionCancelLinkInvalid: /*i18n*/ {
    id: 'subscriptions.cancel_link_invalid',
    message: 'Este link de cancelamento é inválido. Use o link do e-mail mais recente ou cancele pelo seu perfil.',
  },
  // notifications
  notificationPageInvalid: /*i18n*/ { id: 'notifications.page.invalid', message: 'A página deve ser um número inteiro a partir de 0' },
  notificationAmountInvalid: /*i18n*/ {
    id: 'notifications.amount.invalid',
    message: 'A quantidade por página deve ser um número inteiro de 1 a 100',
  },
  notificationReadFilterInvalid: /*i18n*/ { id: 'notifications.read_filter.invalid', message: 'O filtro de lidas deve ser true ou false' },
  notificationTypeInvalid: /*i18n*/ { id: 'notifications.type.invalid', message: 'Tipo de notificação desconhecido' },
  notificationChannelInvalid: /*i18n*/ { id: 'notifications.channel.invalid', message: 'Canal de notificação desconhecido' },
  notificationIdsInvalid: /*i18n*/ { id: 'notifications.ids.invalid', message: 'Informe de 1 a 100 notificações válidas' },
  notificationReadRequired: /*i18n*/ {
    id: 'notifications.read.required',
    message: 'Informe se as notificações ficam lidas (true) ou não lidas (false)',
  },
  notificationPreferencesInvalid: /*i18n*/ {
    id: 'notifications.preferences.invalid',
    message: 'Envie os tipos (cada um com type) e os canais das notificações',
  },
  notificationNotFound: /*i18n*/ { id: 'notifications.not_found', message: 'Notificação não encontrada.' },
  // contributions and cards
  contributionTypeInvalid: /*i18n*/ {
    id: 'contributions.type.invalid',
    message: 'Tipo de contribuição desconhecido. Use donation, automatic_donation, monthly ou gift_card.',
  },
  contributionStatusInvalid: /*i18n*/ {
    id: 'contributions.status.invalid',
    message: 'Situação desconhecida. Use paid, pending, failed ou refunded.',
  },
  contributionPeriodInvalid: /*i18n*/ {
    id: 'contributions.period.invalid',
    message: 'Período inválido. Use 30d, 90d, 12m ou um ano com quatro dígitos, como 2026.',
  },
  contributionPageInvalid: /*i18n*/ { id: 'contributions.page.invalid', message: 'A página deve ser um número inteiro a partir de 0' },
  contributionAmountInvalid: /*i18n*/ {
    id: 'contributions.amount.invalid',
    message: 'A quantidade por página deve ser um número inteiro de 1 a 100',
  },
  cardDefaultOnly: /*i18n*/ { id: 'cards.default.only_true', message: 'Para escolher o cartão padrão, envie is_default: true.' },
  cardPaysMonthly: /*i18n*/ {
    id: 'cards.in_use_by_monthly',
    message: 'Este cartão paga sua doação mensal. Troque o cartão da doação mensal antes de removê-lo.',
  },
} satisfies Record<string, MessageDescriptor>;
