import { z } from 'zod';
import { plainText } from './plain-text';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { donorMessages as dm } from './donor-messages';

/** The donor's wallet page (docs/design.md §6): lots with origin and expiry, the statement, the next automatic donation. */
export const WALLET_LOT_ORIGINS = ['monthly_credit', 'gift_card', 'refund', 'adjustment'] as const;
export type WalletLotOriginName = (typeof WALLET_LOT_ORIGINS)[number];

export const walletLotSchema = z.object({
  id: z.string(),
  origin: z.enum(WALLET_LOT_ORIGINS),
  /** Cents credited and cents left. */
  amount: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type WalletLot = z.infer<typeof walletLotSchema>;

export const causeSchema = z.object({ slug: z.string(), title: z.string() });

/**
 * Where unused credit goes: the donor's chosen campaign, else the campaign they gave most to in the
 * last 12 months, else the general fund (campaign null).
 */
export const AUTO_DONATION_REASONS = ['chosen', 'most_given', 'general_fund'] as const;
export type AutoDonationReason = (typeof AUTO_DONATION_REASONS)[number];

export const nextAutomaticDonationSchema = z.object({
  /** Cents that will be donated unless spent before `date`. */
  amount: z.number().int(),
  date: z.string(),
  campaign: causeSchema.nullable(),
  reason: z.enum(AUTO_DONATION_REASONS),
});
export type NextAutomaticDonation = z.infer<typeof nextAutomaticDonationSchema>;

/** GET /wallet: the signed-in donor's wallet. */
export const walletOverviewSchema = z.object({
  balance: z.number().int(),
  lots: z.array(walletLotSchema),
  next_automatic_donation: nextAutomaticDonationSchema.nullable(),
  /** The cause the donor chose (null: let Semear decide as above). */
  chosen_cause: causeSchema.nullable(),
});
export type WalletOverview = z.infer<typeof walletOverviewSchema>;

export const WALLET_STATEMENT_KINDS = ['credit', 'donation', 'automatic_donation', 'refund'] as const;

/** GET /wallet/statement?page&amount (x-total-count): the wallet's ledger movements, newest first. */
export const walletStatementEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(WALLET_STATEMENT_KINDS),
  /** Signed cents: positive came in, negative went out. */
  amount: z.number().int(),
  origin: z.enum(WALLET_LOT_ORIGINS).nullable(),
  campaign: causeSchema.nullable(),
  created_at: z.string(),
});
export type WalletStatementEntry = z.infer<typeof walletStatementEntrySchema>;
export const walletStatementSchema = z.array(walletStatementEntrySchema);

/** The statement's page (from 0) and page size. */
export const walletStatementQuerySchema = z.object({
  page: z.coerce
    .number(dm.walletPageInvalid.id)
    .int(dm.walletPageInvalid.id)
    .min(0, dm.walletPageInvalid.id)
    .max(10_000, dm.walletPageInvalid.id)
    .default(0),
  amount: z.coerce
    .number(dm.walletPageSizeInvalid.id)
    .int(dm.walletPageSizeInvalid.id)
    .min(1, dm.walletPageSizeInvalid.id)
    .max(MAX_PAGE_SIZE, dm.walletPageSizeInvalid.id)
    .default(DEFAULT_PAGE_SIZE),
});
export type WalletStatementQuery = z.input<typeof walletStatementQuerySchema>;

/** PUT /wallet/auto-donation-cause: a campaign slug, or null to let Semear choose. */
export const autoDonationCauseSchema = z.object({
  campaign_slug: plainText({ error: dm.walletCauseInvalid.id })
    .trim()
    .min(1, dm.walletCauseInvalid.id)
    .max(120, dm.walletCauseInvalid.id)
    .nullable(),
});
