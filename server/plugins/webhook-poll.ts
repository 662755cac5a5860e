import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { deliverDueWebhooks } from '../services/webhooks/deliver-webhooks';

export interface WebhookPollOptions {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'webhooksAllowPrivateTargets'>;
  /** Look for due deliveries every this many ms from onReady; null leaves them to the minute job. */
  pollEveryMs: number | null;
}

/**
 * Outgoing webhooks go out seconds after their event, not at the next minute (docs/webhooks.md): each
 * node looks for due deliveries every few seconds. The deliveries' lease keeps two nodes from sending
 * the same one; the `webhook-deliveries` job stays as the safety net.
 */
export const webhookPollPlugin = fp<WebhookPollOptions>(
  async (app, options) => {
    if (options.pollEveryMs === null) return;
    const every = options.pollEveryMs;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running ??= deliverDueWebhooks({ db: options.db, translator: app.translator, config: options.config }, options.clock.now())
        .catch((error: unknown) => app.log.warn({ err: error }, 'webhook deliveries stopped'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'semear-webhook-poll' },
);
