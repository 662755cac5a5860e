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
  /** Too many wrong passwords for this e-mail from anywhere: its sign-in waits a few minutes (429). */
  accountLocked: 'auth.account_locked',
  userInactive: 'auth.user_inactive',
  emailTaken: 'user.email_taken',
  validation: 'validation.failed',
  rateLimited: 'rate_limited',
  /** Busy with others' work of the same kind: come back shortly (503). */
  busy: 'busy',
  refreshInvalid: 'refresh.invalid',
  refreshReused: 'refresh.reused',
  resetInvalid: 'reset.invalid',
  /** A sign-up confirmation link that is unknown, used or expired. */
  signUpInvalid: 'sign_up.invalid',
  /** An admin write by a member holding a money permission without a second factor, while ADMIN_SECOND_FACTOR=required (403). */
  secondFactorEnrolmentRequired: 'auth.second_factor_enrolment_required',
  /** A money action without a second factor proved in this session within STEP_UP_WINDOW_S (403). */
  stepUpRequired: 'auth.step_up_required',
  /** POST /sessions for an account with a second factor (401): the answer carries `challenge` and `methods`. */
  secondFactorRequired: 'auth.second_factor_required',
  /** A wrong TOTP or recovery code, or a passkey that did not verify (401 while signing in or stepping up). */
  secondFactorInvalid: 'auth.second_factor_invalid',
  /** An unknown, expired or killed (too many wrong codes) sign-in challenge: sign in again (401). */
  secondFactorChallengeInvalid: 'auth.second_factor_challenge_invalid',
  /** Too many wrong second-factor codes for this account lately, from anywhere (429). */
  secondFactorLocked: 'auth.second_factor_locked',
  /** Recovery codes asked of an account without an app or passkey (409). */
  secondFactorNotEnrolled: 'auth.second_factor_not_enrolled',
  totpAlreadyEnabled: 'auth.totp_already_enabled',
  /** A TOTP confirmation without a started (unconfirmed) enrolment (409). */
  totpNotPending: 'auth.totp_not_pending',
  totpNotFound: 'auth.totp_not_found',
  /** A passkey registration that did not verify (400). */
  passkeyInvalid: 'auth.passkey_invalid',
  passkeyNotFound: 'auth.passkey_not_found',
  forbidden: 'forbidden',
  notFound: 'not_found',
  /** The address exists, not for this HTTP method (TRACE, or a POST where only GET is served): 405 with Allow. */
  methodNotAllowed: 'method_not_allowed',
  internal: 'internal',
  cepNotFound: 'cep.not_found',
  cepUnavailable: 'cep.unavailable',
  campaignNotFound: 'campaign.not_found',
  campaignNotAccepting: 'campaign.not_accepting',
  donationNotFound: 'donation.not_found',
  giftCardNotFound: 'gift_card.not_found',
  giftCardInsufficient: 'gift_card.insufficient',
  giftCardOrderNotFound: 'gift_card.order_not_found',
  giftCardOrderDraftPaid: 'gift_card.order_draft_paid',
  giftCardOrderDraftPaying: 'gift_card.order_draft_paying',
  giftCardPdfBusy: 'gift_card.pdf_busy',
  /** The uploader already has as many recipient sheets being read as one person may (429). */
  recipientSheetsPending: 'gift_card.recipient_sheets_pending',
  giftCardDeliveryRefused: 'gift_card.delivery_refused',
  logoInvalid: 'gift_card.logo_invalid',
  walletInsufficient: 'wallet.insufficient',
  cardTokenInvalid: 'card.token_invalid',
  /** A card the provider takes no method for (Mercado Pago's payment-methods search finds none for its BIN). */
  cardNotAccepted: 'card.not_accepted',
  savedCardNotFound: 'card.saved_not_found',
  paymentDeclined: 'payment.declined',
  paymentInsufficientFunds: 'payment.insufficient_funds',
  paymentFailed: 'payment.failed',
  paymentProviderUnavailable: 'payment.provider_unavailable',
  paypalCancelled: 'payment.paypal_cancelled',
  pixExpired: 'payment.pix_expired',
  /** Card refusals a provider (Mercado Pago) tells apart, each with what the donor can do about it. */
  paymentBadSecurityCode: 'payment.bad_security_code',
  paymentCardDataInvalid: 'payment.card_data_invalid',
  paymentCallForAuthorize: 'payment.call_for_authorize',
  paymentCardDisabled: 'payment.card_disabled',
  paymentDuplicated: 'payment.duplicated',
  /** A new card on a campaign under card testing: solve the challenge (`challenge` in the body) and send again (403). */
  paymentChallengeRequired: 'payment.challenge_required',
  /** A new card on a campaign under card testing, without a challenge provider: wait Retry-After seconds (429). */
  paymentCardSlowed: 'payment.card_slowed',
  idempotencyKeyRequired: 'idempotency.key_required',
  idempotencyKeyReused: 'idempotency.key_reused',
  idempotencyInProgress: 'idempotency.in_progress',
  idempotencyAttemptUnknown: 'idempotency.attempt_unknown',
  webhookSignatureInvalid: 'webhook.signature_invalid',
  realtimeSignatureInvalid: 'realtime.signature_invalid',
  realtimeSocketIdInvalid: 'realtime.socket_id_invalid',
  notificationNotFound: 'notification.not_found',
  cardInUseByMonthly: 'card.in_use_by_monthly',
  subscriptionAlreadyOpen: 'subscription.already_open',
  subscriptionNotFound: 'subscription.not_found',
  subscriptionStateInvalid: 'subscription.state_invalid',
  subscriptionCancelLinkInvalid: 'subscription.cancel_link_invalid',
  pixAutomaticoUnavailable: 'subscription.pix_automatico_unavailable',
  pixAutomaticoDocumentRequired: 'subscription.pix_automatico_document_required',
  taxonomyNameTaken: 'taxonomy.name_taken',
  categoryNotFound: 'category.not_found',
  categoryInUse: 'category.in_use',
  /** A new order of the categories that is not every category once. */
  categoryOrderIncomplete: 'category.order_incomplete',
  tagNotFound: 'tag.not_found',
  tagInUse: 'tag.in_use',
  teamAlreadyMember: 'team.already_member',
  teamLastManager: 'team.last_manager',
  teamOwnPermissions: 'team.own_permissions',
  teamGrantNotHeld: 'team.grant_not_held',
  teamChangeNotFound: 'team.change_not_found',
  teamChangeNotPending: 'team.change_not_pending',
  teamChangeOwnApproval: 'team.change_own_approval',
  teamChangeOutdated: 'team.change_outdated',
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
  refundNotFound: 'refund.not_found',
  refundNotAllowed: 'refund.not_allowed',
  refundTooMuch: 'refund.too_much',
  refundOwnApproval: 'refund.own_approval',
  pixChangeNotFound: 'pix.change_not_found',
  pixChangeNotPending: 'pix.change_not_pending',
  pixChangeOwnApproval: 'pix.change_own_approval',
  exportNotFound: 'export.not_found',
  exportNotReady: 'export.not_ready',
  exportExpired: 'export.expired',
  exportTooLarge: 'export.too_large',
  /** No issued document has this verification code (GET /documents/{code}), or no gift to put in one. */
  documentNotFound: 'document.not_found',
  /** A statement of a year that has not begun yet (400). */
  statementYearFuture: 'document.year_future',
  /** The NGO has no title entitling it to issue company deduction declarations (409). */
  declarationsUnavailable: 'document.declarations_unavailable',
  /** A declaration asked for gifts that were not given as a company (403). */
  declarationNotCompany: 'document.not_company',
  dataExportNotFound: 'data_export.not_found',
  dataExportNotReady: 'data_export.not_ready',
  dataExportExpired: 'data_export.expired',
  /** DELETE /users/profile with a password that is not the account's (403): nothing was deleted. */
  deletionPasswordWrong: 'account_deletion.password_wrong',
  /** A guest's deletion link unknown, used or expired (400). */
  deletionLinkInvalid: 'account_deletion.link_invalid',
  /** A guest's statement asked through the receipt of a donation made signed in: the account's Comprovantes has it (409). */
  statementAccountDonation: 'statement.account_donation',
  /** A guest's statement asked through the receipt of a donation not confirmed (yet) (409). */
  statementNotConfirmed: 'statement.not_confirmed',
  /** A guest's statement link forged, malformed or past its 30 days (400). */
  statementLinkInvalid: 'statement.link_invalid',
  /** A backup of the embedded database asked for while one is being written (409). */
  backupRunning: 'backup.running',
  /** Backups asked of a server on PostgreSQL, whose backups are the database's own (409; docs/deploy.md, "Backups"). */
  backupsExternal: 'backup.external',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
