import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mercadoPagoEnv, startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../../support/stand-ins/mercadopago/test-cards';
import type { TestContext } from './test-app';

export const MP_ACCESS_TOKEN = 'APP_USR-stand-in-access-token';
export const MP_PUBLIC_KEY = 'APP_USR-stand-in-public-key';
export const MP_WEBHOOK_SECRET = 'mercadopago-webhook-secret-of-the-app';

/**
 * Cards and PIX by Mercado Pago against a stand-in: the app listens on a real address, as a deployment
 * does, so the stand-in can post its notifications to `webhookUrl`.
 */
export async function mercadoPagoApp(
  ctx: TestContext,
  /** Where the app logs, from `LOG_LEVEL` up (warn by default), for tests that read what it logged. */
  logs?: { stream: NodeJS.WritableStream; level?: string },
): Promise<{ mp: MercadoPagoStandIn; app: FastifyInstance; webhookUrl: string }> {
  const mp = await startMercadoPagoStandIn({ accessToken: MP_ACCESS_TOKEN, publicKey: MP_PUBLIC_KEY, now: () => ctx.clock.now() });
  const env = mercadoPagoEnv(mp, { accessToken: MP_ACCESS_TOKEN, webhookSecret: MP_WEBHOOK_SECRET });
  const app = logs
    ? await ctx.buildAnotherApp({ ...env, LOG_LEVEL: logs.level ?? 'warn' }, { logStream: logs.stream })
    : await ctx.buildAnotherApp(env);
  const webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/payments/webhooks/mercadopago`;
  return { mp, app, webhookUrl };
}

/** What Mercado Pago's script does in the browser: the card goes to Mercado Pago with the public key, never to us. */
export async function mercadoPagoBrowserToken(
  mp: MercadoPagoStandIn,
  holder = 'Maria da Silva',
  number: string = MERCADOPAGO_TEST_CARDS.visa,
  publicKey = MP_PUBLIC_KEY,
): Promise<string> {
  const response = await fetch(`${mp.url}/v1/card_tokens?public_key=${publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: number,
      security_code: number.length === 15 ? '1234' : '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: holder, identification: { type: 'CPF', number: '52998224725' } },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
