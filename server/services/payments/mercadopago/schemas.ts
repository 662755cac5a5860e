import { z } from 'zod';
import { collectorFeeCents } from './fees';
import { reaisToCents, reaisToCentsRounded } from './money';

/**
 * The parts of Mercado Pago's answers we read, each mapped to our terms (ids as strings, money in
 * cents, dates as Date). Fields we do not use are left out, so an addition on their side breaks nothing.
 */

/** Payment ids are JSON numbers (long); customer and card ids are strings. Both kept as text. */
const id = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
const reais = z.number().nonnegative().transform(reaisToCents);
const date = z
  .string()
  .transform((text) => new Date(text))
  .refine((value) => !Number.isNaN(value.getTime()), 'not a date');

const cardholderSchema = z.object({ name: z.string().nullish() }).nullish();

export const paymentSchema = z
  .object({
    id,
    status: z.string().min(1),
    status_detail: z.string().nullish(),
    transaction_amount: reais,
    transaction_amount_refunded: reais.nullish(),
    external_reference: z.string().nullish(),
    payment_method_id: z.string().nullish(),
    payment_type_id: z.string().nullish(),
    date_created: date.nullish(),
    date_approved: date.nullish(),
    date_of_expiration: date.nullish(),
    fee_details: z.array(z.object({ type: z.string(), amount: z.number().nonnegative(), fee_payer: z.string().nullish() })).nullish(),
    transaction_details: z.object({ net_received_amount: z.number().nullish() }).nullish(),
    card: z
      .object({
        id: id.nullish(),
        first_six_digits: z.string().nullish(),
        last_four_digits: z.string().nullish(),
        expiration_month: z.number().int().nullish(),
        expiration_year: z.number().int().nullish(),
        cardholder: cardholderSchema,
      })
      .nullish(),
    point_of_interaction: z
      .object({
        transaction_data: z
          .object({ qr_code: z.string().nullish(), qr_code_base64: z.string().nullish(), ticket_url: z.string().nullish() })
          .nullish(),
      })
      .nullish(),
  })
  .transform((p) => {
    const qr = p.point_of_interaction?.transaction_data;
    const card = p.card;
    return {
      id: p.id,
      status: p.status,
      statusDetail: p.status_detail ?? null,
      amountCents: p.transaction_amount,
      refundedCents: p.transaction_amount_refunded ?? 0,
      externalReference: p.external_reference ?? null,
      paymentMethodId: p.payment_method_id ?? null,
      paymentTypeId: p.payment_type_id ?? null,
      createdAt: p.date_created ?? null,
      approvedAt: p.date_approved ?? null,
      expiresAt: p.date_of_expiration ?? null,
      /** Every fee the collector (we) pays, summed; fees on the payer are not ours. */
      feeCents: collectorFeeCents(p.fee_details),
      netReceivedCents:
        p.transaction_details?.net_received_amount == null ? null : reaisToCentsRounded(p.transaction_details.net_received_amount),
      card:
        card?.last_four_digits == null
          ? null
          : {
              firstSix: card.first_six_digits ?? null,
              lastFour: card.last_four_digits,
              expMonth: card.expiration_month ?? null,
              expYear: card.expiration_year ?? null,
              holderName: card.cardholder?.name ?? null,
            },
      pix: qr?.qr_code == null ? null : { qrCode: qr.qr_code, qrCodeBase64: qr.qr_code_base64 ?? null, ticketUrl: qr.ticket_url ?? null },
    };
  });
export type MercadoPagoPayment = z.infer<typeof paymentSchema>;

const pagingSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const paymentSearchSchema = z.object({ results: z.array(paymentSchema), paging: pagingSchema.nullish() });

export const refundSchema = z
  .object({ id, payment_id: id, amount: reais, status: z.string().nullish(), date_created: date.nullish() })
  .transform((r) => ({
    id: r.id,
    paymentId: r.payment_id,
    amountCents: r.amount,
    status: r.status ?? null,
    createdAt: r.date_created ?? null,
  }));
export type MercadoPagoRefund = z.infer<typeof refundSchema>;

export const customerSchema = z.object({ id, email: z.string() });
export type MercadoPagoCustomer = z.infer<typeof customerSchema>;
export const customerSearchSchema = z.object({ results: z.array(customerSchema), paging: pagingSchema.nullish() });

export const customerCardSchema = z
  .object({
    id,
    customer_id: id,
    first_six_digits: z.string().nullish(),
    last_four_digits: z.string(),
    expiration_month: z.number().int(),
    expiration_year: z.number().int(),
    payment_method: z.object({ id: z.string() }).nullish(),
    cardholder: cardholderSchema,
  })
  .transform((c) => ({
    id: c.id,
    customerId: c.customer_id,
    firstSix: c.first_six_digits ?? null,
    lastFour: c.last_four_digits,
    expMonth: c.expiration_month,
    expYear: c.expiration_year,
    paymentMethodId: c.payment_method?.id ?? null,
    holderName: c.cardholder?.name ?? null,
  }));
export type MercadoPagoCustomerCard = z.infer<typeof customerCardSchema>;

/** A card token (GET /v1/card_tokens/{id}): what the browser tokenised, or a token made from a saved card. */
export const cardTokenSchema = z
  .object({
    id: z.string().min(1),
    card_id: id.nullish(),
    first_six_digits: z.string().nullish(),
    last_four_digits: z.string(),
    expiration_month: z.number().int(),
    expiration_year: z.number().int(),
    cardholder: cardholderSchema,
    status: z.string().nullish(),
    date_due: date.nullish(),
  })
  .transform((t) => ({
    id: t.id,
    cardId: t.card_id ?? null,
    firstSix: t.first_six_digits ?? null,
    lastFour: t.last_four_digits,
    expMonth: t.expiration_month,
    expYear: t.expiration_year,
    holderName: t.cardholder?.name ?? null,
    status: t.status ?? null,
    dueAt: t.date_due ?? null,
  }));
export type MercadoPagoCardToken = z.infer<typeof cardTokenSchema>;

/**
 * GET /v1/payment_methods/search?bins=…: the methods Mercado Pago takes a card of this BIN with (`id` such as
 * 'master' or 'debelo', `payment_type_id` 'credit_card' or 'debit_card', `status` 'active'); none: it cannot.
 */
export const paymentMethodSearchSchema = z.object({
  results: z.array(
    z
      .object({ id: z.string().min(1), payment_type_id: z.string().nullish(), status: z.string().nullish() })
      .transform((m) => ({ id: m.id, paymentTypeId: m.payment_type_id ?? null, status: m.status ?? null })),
  ),
  paging: pagingSchema.nullish(),
});
export type MercadoPagoPaymentMethod = z.infer<typeof paymentMethodSearchSchema>['results'][number];
