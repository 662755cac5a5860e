import { z } from 'zod';
import type { MessageDescriptor } from './messages';
import { decisionPeopleFields } from './team-entry';
import { adminMessages as am } from './admin-messages';
import { DONATION_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './donations';
import { LEDGER_ACCOUNT_KINDS, LEDGER_GROUP_KINDS } from './ledger';
import { plainText } from './plain-text';

/** The admins' donations (/admin/donations; docs/admin.md): filters in the URL, detail, refunds. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(120);

/** GET /admin/donations: every filter optional; `from`/`to` are São Paulo days; amounts in cents. */
export const adminDonationQuerySchema = z.object({
  campaign: slug.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(DONATION_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
  min: z.coerce.number().int().min(0).max(10_000_000_000).optional(),
  max: z.coerce.number().int().min(0).max(10_000_000_000).optional(),
  /** The donor's name, e-mail, or CPF/CNPJ (digits or letters of an alphanumeric CNPJ). */
  q: plainText().trim().max(200).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  amount: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminDonationQuery = z.infer<typeof adminDonationQuerySchema>;

export const adminDonationRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  amount: z.number().int(),
  /** What was refunded of it (cents). */
  refunded: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(DONATION_STATUSES),
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  donor: z.object({ name: z.string(), email: z.string(), document: z.string().nullable() }),
});
export type AdminDonationRow = z.infer<typeof adminDonationRowSchema>;

export const REFUND_STATUSES = ['awaiting_approval', 'processing', 'succeeded', 'failed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why the payment provider refused a refund, as it answered (kept on the refund; the page says it in
 * words, with what the admin can do). `refund.failed` stands for any other refusal.
 */
export const REFUND_FAILURE_CODES = [
  'refund.card_closed',
  'refund.payment_unknown',
  'refund.payment_not_refundable',
  'refund.exceeds_captured',
  'refund.not_done',
  'refund.failed',
] as const;
export type RefundFailureCode = (typeof REFUND_FAILURE_CODES)[number];
/** A stored reason read back: an unknown one (written before the codes existed) is the generic refusal. */
export const refundFailureCodeOf = (stored: string | null): RefundFailureCode | null =>
  stored === null ? null : (REFUND_FAILURE_CODES as readonly string[]).includes(stored) ? (stored as RefundFailureCode) : 'refund.failed';

export const adminRefundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's reason when it refused the refund (status `failed`). */
  failure_reason: z.enum(REFUND_FAILURE_CODES).nullable(),
  ...decisionPeopleFields,
  /**
   * The signed-in admin may approve or reject it now: it waits for a second admin and they are not the
   * one who asked. The server decides (its rules may grow), the page offers the buttons only then.
   */
  can_decide: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const GATEWAY_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payment.expired', 'payment.refunded'] as const;
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'bounced'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One line of a ledger group: the account by its code (`campaign:<id>`), its kind and its name in words. */
export const adminLedgerLineSchema = z.object({
  account: z.string(),
  kind: z.enum(LEDGER_ACCOUNT_KINDS),
  /** The campaign's title, the wallet's owner, the gateway's name; null for the general fund and fees. */
  name: z.string().nullable(),
  amount: z.number().int(),
});
export type AdminLedgerLine = z.infer<typeof adminLedgerLineSchema>;

/** The donation with its payment's whole history. */
export const adminDonationDetailSchema = adminDonationRowSchema.extend({
  /** What can still be refunded (cents): captured minus refunded and held by pending refunds. */
  refundable: z.number().int(),
  /** REFUND_APPROVAL_ABOVE: above it, a donation's refunds together (done, under way, waiting) need a second admin. */
  approval_threshold: z.number().int(),
  /** A new refund of this donation above this many cents waits for a second admin: the threshold less its refunds so far. */
  approval_needed_above: z.number().int(),
  payment: z
    .object({
      gateway: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      gateway_ref: z.string().nullable(),
      card: z.string().nullable(),
      attempts: z.number().int(),
      created_at: z.string(),
    })
    .nullable(),
  gateway_events: z.array(
    z.object({ type: z.enum(GATEWAY_EVENT_TYPES), at: z.string(), delivered_at: z.string().nullable(), attempts: z.number().int() }),
  ),
  ledger: z.array(
    z.object({
      reference: z.string(),
      kind: z.enum(LEDGER_GROUP_KINDS),
      at: z.string(),
      lines: z.array(adminLedgerLineSchema),
    }),
  ),
  refunds: z.array(adminRefundSchema),
  emails: z.array(z.object({ subject: z.string(), status: z.enum(MAIL_STATUSES), at: z.string() })),
  webhooks: z.array(z.object({ event: z.string(), status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string() })),
});
export type AdminDonationDetail = z.infer<typeof adminDonationDetailSchema>;

/** POST /admin/donations/{id}/refunds (Idempotency-Key): how much (cents) and why. */
export const refundRequestSchema = z.object({
  amount: z
    .number({ error: am.refundAmountInvalid.id })
    .int({ error: am.refundAmountInvalid.id })
    .min(1, { error: am.refundAmountInvalid.id }),
  reason: plainText({ multiline: true }).trim().min(1, { error: am.refundReasonRequired.id }).max(500),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * What is wrong with refunding `amount` cents of a donation that has `refundable` left, as the form
 * says it before asking to confirm (the server refuses the same: 400, 422 `refund.too_much`); null: fine.
 */
export function refundAmountIssue(amount: number | null, refundable: number): MessageDescriptor | null {
  if (amount === null || !Number.isInteger(amount) || amount < 1) return am.refundAmountInvalid;
  return amount > refundable ? am.refundTooMuch : null;
}
