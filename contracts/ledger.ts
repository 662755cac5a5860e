/**
 * The ledger's vocabulary (docs/ledger.md), shared by the database schema and the admin's views of it:
 * the kinds of account money sits on, and the kinds of movement (group) between them.
 */
export const LEDGER_ACCOUNT_KINDS = ['donor_wallet', 'campaign', 'general_fund', 'gift_card', 'gateway_clearing', 'platform_fees'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_GROUP_KINDS = [
  'donation',
  'refund',
  'wallet_credit',
  'wallet_expiry',
  'gift_card_purchase',
  'gift_card_redemption',
  'automatic_donation',
  'gift_card_expiry',
  /** The payment provider's fee on a payment: the cause's account → platform_fees (docs/ledger.md, "Fees"). */
  'provider_fee',
  /** The donor's bank took a payment back (a chargeback): like a gateway refund, told apart in the history. */
  'chargeback',
] as const;
export type LedgerGroupKind = (typeof LEDGER_GROUP_KINDS)[number];
