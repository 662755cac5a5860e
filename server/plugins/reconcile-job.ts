import fp from 'fastify-plugin';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { reconcileOnce, type ReconcileReport } from '../services/donations/reconcile';
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
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          runOnce().catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
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
