import { z } from 'zod';

/** Every API error body (docs/design.md §5): message is a translated string or list of strings. */
export const apiErrorSchema = z.object({
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string().optional(),
  /**
   * Routes that opt in (the donation checkout's) name each refused field of a 400: its path in the
   * body ('contact.cpf', 'address.state', 'amount') and its message, translated.
   */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Machine-readable error codes; views translate codes, machines speak them. */
export const errorCodes = {
  tokenExpired: 'token.expired',
  tokenInvalid: 'token.invalid',
  tokenMissing: 'token.missing',
  invalidCredentials: 'auth.invalid_credentials',
  userInactive: 'auth.user_inactive',
  emailTaken: 'user.email_taken',
  validation: 'validation.failed',
  rateLimited: 'rate_limited',
  refreshInvalid: 'refresh.invalid',
  refreshReused: 'refresh.reused',
  resetInvalid: 'reset.invalid',
  forbidden: 'forbidden',
  notFound: 'not_found',
  internal: 'internal',
  cepNotFound: 'cep.not_found',
  cepUnavailable: 'cep.unavailable',
  campaignNotFound: 'campaign.not_found',
  campaignNotAccepting: 'campaign.not_accepting',
  donationNotFound: 'donation.not_found',
  giftCardNotFound: 'gift_card.not_found',
  giftCardInsufficient: 'gift_card.insufficient',
  giftCardOrderNotFound: 'gift_card.order_not_found',
  giftCardDeliveryRefused: 'gift_card.delivery_refused',
  logoInvalid: 'gift_card.logo_invalid',
  walletInsufficient: 'wallet.insufficient',
  cardTokenInvalid: 'card.token_invalid',
  savedCardNotFound: 'card.saved_not_found',
  paymentDeclined: 'payment.declined',
  paymentInsufficientFunds: 'payment.insufficient_funds',
  paymentFailed: 'payment.failed',
  paypalCancelled: 'payment.paypal_cancelled',
  pixExpired: 'payment.pix_expired',
  idempotencyKeyRequired: 'idempotency.key_required',
  idempotencyKeyReused: 'idempotency.key_reused',
  idempotencyInProgress: 'idempotency.in_progress',
  webhookSignatureInvalid: 'webhook.signature_invalid',
  realtimeSignatureInvalid: 'realtime.signature_invalid',
  realtimeSocketIdInvalid: 'realtime.socket_id_invalid',
  notificationNotFound: 'notification.not_found',
  cardInUseByMonthly: 'card.in_use_by_monthly',
  subscriptionAlreadyOpen: 'subscription.already_open',
  subscriptionNotFound: 'subscription.not_found',
  subscriptionStateInvalid: 'subscription.state_invalid',
  subscriptionCancelLinkInvalid: 'subscription.cancel_link_invalid',
  taxonomyNameTaken: 'taxonomy.name_taken',
  categoryNotFound: 'category.not_found',
  categoryInUse: 'category.in_use',
  tagNotFound: 'tag.not_found',
  tagInUse: 'tag.in_use',
  teamAlreadyMember: 'team.already_member',
  teamLastManager: 'team.last_manager',
  campaignSlugTaken: 'campaign.slug_taken',
  campaignDraftConflict: 'campaign.draft_conflict',
  campaignLifecycle: 'campaign.lifecycle_refused',
  campaignNotReady: 'campaign.not_ready',
  campaignHasDonations: 'campaign.has_donations',
  campaignVersionNotFound: 'campaign.version_not_found',
  imageInvalid: 'image.invalid',
  webhookNotFound: 'webhook.not_found',
  webhookUrlRefused: 'webhook.url_refused',
  webhookDisabled: 'webhook.disabled',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
