import fp from 'fastify-plugin';
import type { Clock } from '../services/clock';
import type { AlertChecks } from '../services/alerts/alert-checks';

export interface AlertsJobOptions {
  checks: AlertChecks;
  clock: Clock;
  /** Check this node's counts every this many ms from onReady; null: not on this app (tests call the checks). */
  pollEveryMs: number | null;
}

/**
 * The alerts only this node can see (provider errors, forged webhooks: alert-signals.ts) are checked by every
 * node, every minute (docs/deploy.md, "Alerts"). The database's own checks run as the `system-alerts` job of
 * the cron table, once a minute across the nodes.
 */
export const alertsJobPlugin = fp<AlertsJobOptions>(
  async (app, options) => {
    if (options.pollEveryMs === null) return;
    const every = options.pollEveryMs;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running ??= options.checks
        .checkNode(options.clock.now())
        .catch((error: unknown) => app.log.warn({ err: error }, 'node alert checks stopped'))
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
  { name: 'semear-alerts-job' },
);
