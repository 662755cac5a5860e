import { z } from 'zod';
import { PAYPAL_CAPTURE_STATUSES, PAYPAL_ORDER_STATUSES } from './status';

/**
 * The parts of PayPal's answers we read (Orders v2, Payments v2, OAuth, webhook verification).
 * Unknown fields are dropped; an unknown status fails the parse instead of being guessed at.
 */

export const paypalMoneySchema = z.object({ currency_code: z.string(), value: z.string() });

const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const paypalTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const paypalErrorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(
      z.object({ issue: z.string(), description: z.string().optional(), field: z.string().optional(), location: z.string().optional() }),
    )
    .optional(),
  // The OAuth endpoint answers in RFC 6749's shape instead.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const paypalCaptureSchema = z.object({
  id: z.string(),
  // REVERSED is not in the documented enum, but a reversed (charged back) capture reads so.
  status: z.enum(PAYPAL_CAPTURE_STATUSES),
  status_details: z.object({ reason: z.string() }).optional(),
  amount: paypalMoneySchema.optional(),
  custom_id: z.string().optional(),
  seller_receivable_breakdown: z
    .object({ gross_amount: paypalMoneySchema, paypal_fee: paypalMoneySchema.optional(), net_amount: paypalMoneySchema.optional() })
    .optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
  links: z.array(linkSchema).optional(),
});

export const paypalOrderSchema = z.object({
  id: z.string(),
  status: z.enum(PAYPAL_ORDER_STATUSES),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: paypalMoneySchema.optional(),
        payments: z.object({ captures: z.array(paypalCaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  links: z.array(linkSchema).optional(),
});

export const paypalRefundSchema = z.object({
  id: z.string(),
  status: z.enum(['CANCELLED', 'FAILED', 'PENDING', 'COMPLETED']),
  amount: paypalMoneySchema.optional(),
  links: z.array(linkSchema).optional(),
});

export const paypalVerificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

export type PaypalOrderBody = z.infer<typeof paypalOrderSchema>;
export type PaypalCaptureBody = z.infer<typeof paypalCaptureSchema>;
export type PaypalRefundBody = z.infer<typeof paypalRefundSchema>;
