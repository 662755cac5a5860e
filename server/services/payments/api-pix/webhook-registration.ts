import { eq } from 'drizzle-orm';
import { pixKeys } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import type { PaymentGateways } from '../gateways';
import type { StartupLog } from '../provider';
import { API_PIX, isApiPixGateway } from './api-pix-gateway';

/** Where the bank posts the PIX received (it appends /pix): the route in payment-webhooks.ts. */
export const apiPixWebhookUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/api/v1/payments/webhooks/${API_PIX}`;

/**
 * At start-up, tells the bank where to post each key's PIX (`PUT /webhook/{chave}`) for PIX_KEY and every
 * active key of the admin's PIX keys, unless it already posts there (idempotent: a restart asks nothing new).
 * A failure is logged and does not stop start-up: the other ways of paying go on, and the periodic look-up
 * settles PIX without the webhook, only later. The log names what to check (the certificate, the
 * credentials). Answers whether every key is registered.
 */
export async function registerApiPixWebhooks(
  gateways: PaymentGateways,
  input: { db: Executor; publicUrl: string; pixKey: string },
  log: StartupLog,
): Promise<boolean> {
  const gateway = gateways.named(API_PIX);
  if (!gateway || !isApiPixGateway(gateway)) return true;
  const { client } = gateway;
  const active = await input.db.select({ key: pixKeys.key }).from(pixKeys).where(eq(pixKeys.status, 'active'));
  const keys = [...new Set([input.pixKey, ...active.map((row) => row.key)])];
  const webhookUrl = apiPixWebhookUrl(input.publicUrl);
  let all = true;
  for (const chave of keys) {
    try {
      if ((await client.getWebhook(chave)) !== webhookUrl) await client.putWebhook(chave, webhookUrl);
      log.info({ chave, webhookUrl }, 'API Pix webhook registered');
    } catch (error) {
      all = false;
      log.error(
        { err: error, chave },
        `API Pix webhook for key ${chave} not registered: ${error instanceof Error ? error.message : String(error)}; ` +
          'PIX payments still settle through the periodic look-up',
      );
    }
  }
  try {
    // Pix Automático's news (recurrences and their debits) go to the same URL, with /rec and /cobr appended.
    await client.putRecurrenceWebhooks(webhookUrl);
    log.info({ webhookUrl }, 'API Pix recurrence webhooks registered');
  } catch (error) {
    all = false;
    log.error({ err: error }, `API Pix recurrence webhooks not registered: ${error instanceof Error ? error.message : String(error)}`);
  }
  return all;
}
