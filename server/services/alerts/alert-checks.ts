import type { Config } from '../../config';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import { forgedWebhooks, providerCalls, providerErrors, SIGNAL_WINDOW_MS } from '../../metrics/alert-signals';
import { reconcileAlerts, openAlert } from './alert-store';
import { checkLedger, type LedgerProgress } from './ledger-check';
import { burstsOf, checkBackups, checkCertificate, checkQueues } from './system-checks';

export interface AlertChecksDeps {
  db: Database;
  translator: Translator;
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'alerts'> & { payments: Pick<Config['payments'], 'apiPix'> };
  log?: { error(obj: object, msg: string): void };
}

export interface AlertChecks {
  /**
   * What the database shows (the ledger, the queues, the backups) and the configured certificate: the
   * `system-alerts` job, every minute on one node. Resolves with the kinds and subjects newly raised.
   */
  checkDatabase(now: Date): Promise<string[]>;
  /** What only this node counts (provider errors, forged webhooks): every minute on each node. */
  checkNode(now: Date): Promise<string[]>;
}

/** The alerts' checks (docs/deploy.md, "Alerts"); one per process, which keeps how far it has added up the ledger. */
export function createAlertChecks(deps: AlertChecksDeps): AlertChecks {
  const store = { db: deps.db, translator: deps.translator, publicUrl: deps.config.publicUrl };
  const progress: LedgerProgress = { throughId: 0, totalCents: 0 };
  const startedAt = new Date();
  const named = (kind: string, subjects: string[]) => subjects.map((subject) => `${kind}:${subject}`);

  // Each check on its own: one that fails (a query, a certificate) is logged and the others still run.
  const guarded = async (name: string, run: () => Promise<string[]>): Promise<string[]> => {
    try {
      return await run();
    } catch (error) {
      deps.log?.error({ err: error, check: name }, 'alert check failed');
      return [];
    }
  };

  return {
    async checkDatabase(now) {
      const raised = await Promise.all([
        guarded('ledger', async () => {
          const open = await openAlert(deps.db, 'ledger_unbalanced', 'ledger');
          const known = Array.isArray(open?.details.groups) ? (open.details.groups as string[]) : [];
          return named(
            'ledger_unbalanced',
            await reconcileAlerts(store, 'ledger_unbalanced', await checkLedger(deps.db, progress, known), now),
          );
        }),
        guarded('queues', async () =>
          named(
            'queue_stuck',
            await reconcileAlerts(store, 'queue_stuck', await checkQueues(deps.db, now, deps.config.alerts.queueAgeMs), now),
          ),
        ),
        guarded('backups', async () => {
          const applies = deps.config.databaseUrl === null;
          return named(
            'backup_missing',
            await reconcileAlerts(store, 'backup_missing', await checkBackups(deps.db, now, applies, startedAt), now),
          );
        }),
        guarded('certificate', async () => {
          const findings = checkCertificate(deps.config.payments.apiPix?.tls ?? null, now);
          return named('certificate_expiring', await reconcileAlerts(store, 'certificate_expiring', findings, now));
        }),
      ]);
      return raised.flat();
    },
    async checkNode(now) {
      const { providerErrors: errorThreshold, webhookSignatureFailures } = deps.config.alerts;
      const calls = providerCalls.counts();
      // Resolved only once no node has seen the burst for a whole window (alert-store.ts).
      const quiet = { quietMs: SIGNAL_WINDOW_MS };
      const raised = await Promise.all([
        guarded('providers', async () => {
          const findings = burstsOf(providerErrors, errorThreshold, 'errors', (name) => ({ calls: calls.get(name) ?? 0 }));
          return named('provider_errors', await reconcileAlerts(store, 'provider_errors', findings, now, quiet));
        }),
        guarded('webhook signatures', async () => {
          const findings = burstsOf(forgedWebhooks, webhookSignatureFailures, 'failures');
          return named('webhook_signatures', await reconcileAlerts(store, 'webhook_signatures', findings, now, quiet));
        }),
      ]);
      return raised.flat();
    },
  };
}
