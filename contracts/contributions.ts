import { z } from 'zod';
import { CARD_BRANDS } from './cards';
import { MAX_PAGE_SIZE } from './constants';
import { CONTRIBUTION_PERIOD_PATTERN, CONTRIBUTION_STATUSES, CONTRIBUTION_TYPES, CONTRIBUTIONS_PAGE_SIZE } from './contributions-search';
import { PAYMENT_METHODS } from './donations';
import { donorMessages as dm } from './donor-messages';

export * from './contributions-search';

/**
 * GET /contributions?type&status&period&page&amount (x-total-count): the signed-in donor's giving,
 * newest first. period: '30d' | '90d' (days back from now), '12m' (twelve months back) or a year
 * ('2026', 1 January to 31 December in America/Sao_Paulo).
 */
export const contributionQuerySchema = z.object({
  type: z.enum(CONTRIBUTION_TYPES, { error: dm.contributionTypeInvalid.id }).optional(),
  status: z.enum(CONTRIBUTION_STATUSES, { error: dm.contributionStatusInvalid.id }).optional(),
  period: z
    .string({ error: dm.contributionPeriodInvalid.id })
    .regex(CONTRIBUTION_PERIOD_PATTERN, { error: dm.contributionPeriodInvalid.id })
    .optional(),
  page: z.coerce
    .number({ error: dm.contributionPageInvalid.id })
    .int({ error: dm.contributionPageInvalid.id })
    .min(0, { error: dm.contributionPageInvalid.id })
    .max(10_000, { error: dm.contributionPageInvalid.id })
    .default(0),
  amount: z.coerce
    .number({ error: dm.contributionAmountInvalid.id })
    .int({ error: dm.contributionAmountInvalid.id })
    .min(1, { error: dm.contributionAmountInvalid.id })
    .max(MAX_PAGE_SIZE, { error: dm.contributionAmountInvalid.id })
    .default(CONTRIBUTIONS_PAGE_SIZE),
});
export type ContributionQuery = z.input<typeof contributionQuerySchema>;
export type ContributionFilters = z.output<typeof contributionQuerySchema>;

/**
 * What a receipt shows besides the item's own fields. The document is masked as receipts print it
 * ('***.982.247-**', '**.345.678/0001-**'); null for foreigners.
 */
export const contributionReceiptSchema = z.object({
  /** When the money was taken (confirmed or settled), else when it was asked for. */
  paid_at: z.string(),
  donor_name: z.string(),
  document_type: z.enum(['cpf', 'cnpj']).nullable(),
  document: z.string().nullable(),
});

export const contributionSchema = z.object({
  /** The donation, monthly charge or gift card id (also the receipt number). */
  id: z.string(),
  type: z.enum(CONTRIBUTION_TYPES),
  status: z.enum(CONTRIBUTION_STATUSES),
  /** Cents. */
  amount: z.number().int(),
  /** Cents given back so far by refunds (a partial refund leaves the donation paid; all of it makes it refunded). */
  refunded: z.number().int(),
  created_at: z.string(),
  /** The campaign given to; null: the general fund for donations, nothing for monthly credit and gift cards. */
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** null when nothing recorded it (gift cards issued outside an order). Monthly charges are 'card'. */
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
  receipt: contributionReceiptSchema,
  /** A purchase of gift cards: its order, whose page shows each card and where its money is. */
  gift_card_order_id: z.string().nullable(),
});
export type Contribution = z.infer<typeof contributionSchema>;
export const contributionListSchema = z.array(contributionSchema);

/** PATCH /cards/{id}: makes the card the donor's default (the others stop being it). */
export const savedCardPatchSchema = z.object(
  { is_default: z.literal(true, { error: dm.cardDefaultOnly.id }) },
  { error: dm.cardDefaultOnly.id },
);
