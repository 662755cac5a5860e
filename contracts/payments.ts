import { z } from 'zod';

/**
 * The name each payment provider goes by on payment rows, in PAYMENT_*_PROVIDER and in
 * /payments/webhooks/{name}. A provider's folder takes its name from here, so the pages that show a
 * provider by name (an admin's donation history) cannot miss one.
 */
export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'mercadopago', 'paypal', 'api-pix'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/**
 * GET /payments/config: how this site's browser tokenises cards (docs/payments.md). `sandbox`: the
 * embedded sandbox's token endpoint; `mercadopago`: Mercado Pago's script, loaded from `sdk_url` only
 * when a donor pays by card, with the account's public key (public by design, never the access token).
 */
export const paymentsClientConfigSchema = z.object({
  card: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox') }),
    z.object({ provider: z.literal('mercadopago'), public_key: z.string(), sdk_url: z.string() }),
  ]),
  /** Whether monthly giving can be paid by Pix Automático (the PIX provider offers it: docs/payments.md). */
  monthly_pix: z.boolean(),
});
export type PaymentsClientConfig = z.infer<typeof paymentsClientConfigSchema>;
