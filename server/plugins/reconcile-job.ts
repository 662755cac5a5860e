import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { reconcileOnce, type ReconcileReport } from '../services/donations/reconcile';
import { pruneIdempotencyKeys } from '../services/idempotency/idempotency';
import type { PaymentGateways } from '../services/payments/gateways';

export interface Reconciler {
  /** One pass (tests call it by hand); concurrent calls share the pass in progress. */
  runOnce(): Promise<ReconcileReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reconciler: Reconciler;
  }
}

/** Old idempotency keys are few and cheap to keep for a while: an hourly sweep is plenty. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface ReconcileJobOptions {
  db: Database;
  clock: Clock;
  gateways: PaymentGateways;
  config: Pick<Config, 'publicUrl'>;
  /** Run a pass every this many ms from onReady; null leaves it to the caller. */
  pollEveryMs: number | null;
  /**
   * Delivers the embedded gateway's webhooks whose attempt is due: the ones a crash or a restart left
   * undelivered (their retry timers died with the process) and any whose timer was lost.
   */
  deliverDueWebhooks?: () => Promise<number>;
}

/**
 * Payment reconciliation in the background (docs/ledger.md): whatever a crash, a lost webhook or an
 * unpaid PIX left open is settled within a few seconds. The first pass runs as soon as the server is
 * ready, so what was due while it was down is done at start.
 */
export const reconcileJobPlugin = fp<ReconcileJobOptions>(
  async (app, options) => {
    let running: Promise<ReconcileReport> | null = null;
    const runOnce = (): Promise<ReconcileReport> => {
      running ??= reconcileOnce({
        db: options.db,
        clock: options.clock,
        gateways: options.gateways,
        translator: app.translator,
        log: app.log,
        config: options.config,
      }).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('reconciler', { runOnce });
    let delivering: Promise<unknown> | null = null;
    const deliverDue = () => {
      if (!options.deliverDueWebhooks) return;
      delivering ??= options
        .deliverDueWebhooks()
        .catch((error: unknown) => app.log.error({ err: error }, 'due webhook delivery failed'))
        .finally(() => {
          delivering = null;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    let first: NodeJS.Timeout | null = null;
    if (options.pollEveryMs !== null) {
      const every = options.pollEveryMs;
      let prunedAt = 0;
      const tick = () => {
        deliverDue();
        runOnce().catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
        const now = options.clock.now();
        if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
        prunedAt = now.getTime();
        pruneIdempotencyKeys(options.db, now).catch((error: unknown) => app.log.error({ err: error }, 'idempotency key pruning failed'));
      };
      app.addHook('onReady', async () => {
        // Not awaited here: deliveries go through app.inject, which waits for the app to be ready.
        first = setTimeout(tick, 0);
        first.unref();
        timer = setInterval(tick, every);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      await delivering;
    });
  },
  { name: 'semear-reconcile-job', dependencies: ['semear-i18n'] },
);
