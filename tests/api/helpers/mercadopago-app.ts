import type { FastifyInstance } from 'fastify';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../support/stand-ins/mercadopago';
import type { TestContext } from './test-app';

export const MP_ACCESS_TOKEN = 'APP_USR-stand-in-access-token';
export const MP_WEBHOOK_SECRET = 'mercadopago-webhook-secret-of-the-app';

/**
 * PAYMENT_PIX_PROVIDER=mercadopago against a Mercado Pago stand-in: the app listens on a real address,
 * as a deployment does, so the stand-in can post its notifications to `webhookUrl`.
 */
export async function mercadoPagoApp(ctx: TestContext): Promise<{ mp: MercadoPagoStandIn; app: FastifyInstance; webhookUrl: string }> {
  const mp = await startMercadoPagoStandIn({ accessToken: MP_ACCESS_TOKEN, now: () => ctx.clock.now() });
  const app = await ctx.buildAnotherApp({
    PAYMENT_PIX_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: MP_ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: mp.url,
  });
  const webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/payments/webhooks/mercadopago`;
  return { mp, app, webhookUrl };
}
