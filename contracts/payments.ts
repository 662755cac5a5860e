import { z } from 'zod';

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
