import fp from 'fastify-plugin';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { reconcileOnce, type ReconcileReport } from '../services/donations/reconcile';
import { pruneIdempotencyKeys } from '../services/idempotency/idempotency';
import type { PaymentGateway } from '../services/payments/gateway';

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
  gateway: PaymentGateway;
  /** Run a pass every this many ms from onReady; null leaves it to the caller. */
  pollEveryMs: number | null;
}

/**
 * Payment reconciliation in the background (docs/ledger.md): whatever a crash, a lost webhook or an
 * unpaid PIX left open is settled within a few seconds.
 */
export const reconcileJobPlugin = fp<ReconcileJobOptions>(
  async (app, options) => {
    let running: Promise<ReconcileReport> | null = null;
    const runOnce = (): Promise<ReconcileReport> => {
      running ??= reconcileOnce({ db: options.db, clock: options.clock, gateway: options.gateway, translator: app.translator }).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('reconciler', { runOnce });
    let timer: NodeJS.Timeout | null = null;
    if (options.pollEveryMs !== null) {
      const every = options.pollEveryMs;
      let prunedAt = 0;
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          runOnce().catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
          const now = options.clock.now();
          if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
          prunedAt = now.getTime();
          pruneIdempotencyKeys(options.db, now).catch((error: unknown) => app.log.error({ err: error }, 'idempotency key pruning failed'));
        }, every);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'semear-reconcile-job', dependencies: ['semear-i18n'] },
);
