/**
 * Every column whose name says it may hold personal data, and what a deletion does with it (docs/privacy.md,
 * "Deleting an account"). tests/server/personal-columns.test.ts walks the drizzle schema: a new column matching
 * PERSONAL_COLUMN_NAME that is not listed here fails it, so a deletion cannot silently forget one. "erased":
 * anonymise-account.ts (and guest-deletion.ts for a guest's gifts) replaces or removes it; "kept": it stays, for
 * the reason given.
 */
export const PERSONAL_COLUMN_NAME =
  /name|email|cpf|cnpj|phone|telephone|address|street|zip|city|country|(^|_)state$|neighborhood|complement|house_number|birth|(^|_)ip$|user_agent|place|message$|holder|contact|recipient|sender|avatar|document|referrer|payload|metadata|^to$|^text$|^html$|subject$|body|headers/;

export type ColumnFate = { fate: 'erased' } | { fate: 'kept'; reason: string };

const erased: ColumnFate = { fate: 'erased' };
const kept = (reason: string): ColumnFate => ({ fate: 'kept', reason });

const NOT_A_PERSON = 'names a thing of the platform or the NGO, never a donor';
const NGO = "the NGO's own legal data, printed on its documents";
const SANDBOX =
  'the embedded sandbox plays the payment provider: its tables are the provider’s, not ours (the saved token is removed there)';
const CARD_SHOWN = 'brand and last four of a card: not a person without the name, kept with the payment for the fiscal record';

export const PERSONAL_COLUMNS: Record<string, ColumnFate> = {
  // The account itself: every field that says who the person is.
  // The admins' alerts name a provider, a queue or a ledger group, never a person (docs/admin.md, "Sistema").
  'system_alerts.subject': kept(NOT_A_PERSON),
  'users.name': erased,
  'users.email': erased,
  'users.cpf': erased,
  'users.cnpj': erased,
  'users.phone': erased,
  'users.birth_date': erased,
  'users.avatar': erased,
  'users.country': erased,
  'users.zip_code': erased,
  'users.state': erased,
  'users.city': erased,
  'users.neighborhood': erased,
  'users.street_address': erased,
  'users.complement': erased,
  'users.house_number': erased,
  // Gifts: the contact and address given at checkout, the public message; amounts and dates stay.
  'donations.contact': erased,
  'donations.address': erased,
  'donations.message': erased,
  'subscriptions.contact': erased,
  'subscriptions.address': erased,
  'gift_card_orders.contact': erased,
  'gift_card_orders.address': erased,
  'gift_card_orders.sender': erased,
  'gift_card_orders.message': kept('the words printed on cards other people hold; the sender’s name is erased'),
  'gift_card_orders.recipients': kept('the recipients’ own names and addresses, needed to deliver the cards they hold'),
  'gift_cards.recipient_name': kept('the recipient’s, who holds the card; not the deleted donor’s'),
  'gift_cards.recipient_email': kept('the recipient’s, who holds the card; not the deleted donor’s'),
  'gift_cards.message': kept('the words on a card its recipient holds; the sender’s name is erased on the order'),
  'saved_cards.holder_name': erased,
  'saved_cards.last4': kept(CARD_SHOWN),
  'payments.card_brand': kept(CARD_SHOWN),
  'payments.card_last4': kept(CARD_SHOWN),
  'payments.pix_br_code': kept('the NGO’s receiving key and the amount: no payer in it'),
  'subscription_charges.card_brand': kept(CARD_SHOWN),
  'subscription_charges.card_last4': kept(CARD_SHOWN),
  // Sessions, sign-in and second factors: deleted rows.
  'user_sessions.user_agent': erased,
  'user_sessions.ip': erased,
  'user_sessions.place': erased,
  'passkeys.name': erased,
  'sign_in_guards.email': erased,
  'sign_up_notices.email': erased,
  'pending_sign_ups.email': erased,
  'pending_sign_ups.name': erased,
  'pending_sign_ups.cpf': erased,
  'pending_sign_ups.cnpj': erased,
  'pending_sign_ups.phone': erased,
  'pending_sign_ups.birth_date': erased,
  'team_invitations.email': erased,
  // What was said to or about them.
  'notifications.metadata': erased,
  'mail_outbox.to': erased,
  'mail_outbox.subject': erased,
  'mail_outbox.text': erased,
  'mail_outbox.html': erased,
  'webhook_messages.payload': erased,
  'idempotency_keys.response_body': erased,
  'page_views.referrer': kept('unlinked from the account (user_id set to null): a page address with no one behind it'),
  // Kept on purpose.
  'audit_log.actor_ip': kept(
    'the accountability record of admin acts (append-only, refused UPDATE by a trigger); a donor is never its actor',
  ),
  'data_requests.guest_email_hash': kept('a keyed hash, so the DPO can list a guest’s request without the address it erased'),
  'webhook_attempts.request_headers': kept('our own signature headers, no donor data'),
  'webhook_attempts.response_body': kept('what the NGO’s endpoint answered'),
  'webhook_deliveries.message_id': kept('the id of an event, not its content'),
  'webhook_endpoints.description': kept(NOT_A_PERSON),
  'campaigns.organiser_name': kept(NGO),
  'campaigns.share_description': kept(NOT_A_PERSON),
  'categories.name': kept(NOT_A_PERSON),
  'tags.name': kept(NOT_A_PERSON),
  'roles.name': kept(NOT_A_PERSON),
  'permissions.name': kept(NOT_A_PERSON),
  'export_jobs.file_name': kept(NOT_A_PERSON),
  'organisation_profile.legal_name': kept(NGO),
  'organisation_profile.cnpj': kept(NGO),
  'organisation_profile.address': kept(NGO),
  'organisation_profile.representative_name': kept(NGO),
  'organisation_profile.dpo_contact': kept(NGO),
  'payout_accounts.holder_name': kept(NGO),
  'payout_accounts.holder_document': kept(NGO),
  'sandbox_card_tokens.holder_name': kept(SANDBOX),
  'sandbox_card_tokens.last4': kept(SANDBOX),
  'sandbox_webhook_events.body': kept(SANDBOX),
};
