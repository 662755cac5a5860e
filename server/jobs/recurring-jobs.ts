import type { RecurringJob } from '../services/jobs/job-runner';
import type { Clock } from '../services/clock';
import { chargeDueSubscriptions } from '../services/subscriptions/charge-due';
import { notifyExpiringCredit } from '../services/wallet/notify-expiring';
import { settleExpiredCredit } from '../services/wallet/settle-expired';
import { remindExpiringGiftCards } from '../services/gift-cards/remind-expiring';
import { deliverDueGiftCards } from '../services/gift-cards/orders/deliver-gift-cards';
import { checkAndAlertOrderInvariants } from '../services/gift-cards/orders/invariant-alert';
import { runCampaignSchedule } from '../services/admin/campaign-lifecycle';
import { deliverDueWebhooks } from '../services/webhooks/deliver-webhooks';
import { createRefundService } from '../services/refunds/refunds';
import { runPendingExports, type ExportDeps } from '../services/exports/export-jobs';
import { deleteStaleRecipientSheets } from '../services/gift-cards/orders/recipient-sheets';
import { pruneSignInGuards } from '../auth/sign-in-guard';
import { pruneAccessRecords } from '../auth/access-record-retention';
import { runProviderCleanups } from '../services/account-deletion/provider-cleanups';
import { runPendingDataExports } from '../services/privacy/data-exports';
import { compactFinanceDays } from '../services/finances/finance-rollups';
import { mailYearlyStatements } from '../services/statements/yearly-statements';
import type { AlertChecks } from '../services/alerts/alert-checks';
import type { BackupService } from '../services/backups/backup-service';

type JobDeps = Parameters<typeof chargeDueSubscriptions>[0] &
  Parameters<typeof settleExpiredCredit>[0] &
  Parameters<typeof notifyExpiringCredit>[0] &
  Parameters<typeof deliverDueWebhooks>[0] &
  Omit<Parameters<typeof createRefundService>[0], 'clock'> &
  Omit<ExportDeps, 'clock'> & {
    log?: { error(obj: object, msg: string): void };
    config: { publicUrl: string };
    /** The alerts' checks of the database (docs/deploy.md, "Alerts"); absent, no such job. */
    alertChecks?: AlertChecks;
    /** The embedded database's snapshots; null on PostgreSQL, whose backups are its own. */
    backups?: BackupService | null;
    /** The embedded database's planner statistics (pglite-statistics.ts); absent on PostgreSQL, whose autovacuum keeps them. */
    keepStatistics?: () => Promise<string[]>;
  };

/** The cron table: what runs by itself, and when (America/Sao_Paulo; pg-boss runs each tick once across nodes). */
export const recurringJobs = (deps: JobDeps, clock: Clock): RecurringJob[] => [
  // The alerts to the admins that the database shows (ledger, queues, backups, the API Pix certificate): docs/deploy.md.
  ...(deps.alertChecks
    ? [{ name: 'system-alerts', cron: '* * * * *', run: async () => (await deps.alertChecks!.checkDatabase(clock.now())).length }]
    : []),
  // Scheduled campaigns publish, and campaigns past their last day end, within a minute (docs/admin.md).
  { name: 'campaign-schedule', cron: '* * * * *', run: () => runCampaignSchedule(deps.db, clock.now()) },
  // Outgoing webhooks: due deliveries and retries go out every minute (docs/webhooks.md).
  { name: 'webhook-deliveries', cron: '* * * * *', run: () => deliverDueWebhooks(deps, clock.now()) },
  // Refunds a crash left half-way (the gateway asked, the books not yet written) are carried through.
  {
    name: 'refunds-resume',
    cron: '* * * * *',
    run: () => createRefundService({ ...deps, clock }).resume(new Date(clock.now().getTime() - 60_000)),
  },
  // Exports a stopped process left behind are run again, and files past their time deleted (docs/admin.md).
  { name: 'exports', cron: '* * * * *', run: () => runPendingExports({ ...deps, clock }) },
  // Copies of one's data a stopped process left are prepared, and files past their 7 days deleted (docs/privacy.md).
  { name: 'data-exports', cron: '* * * * *', run: () => runPendingDataExports({ ...deps, clock, publicUrl: deps.config.publicUrl }) },
  // Due months are charged within a minute of 00:00 (São Paulo) on their billing day.
  { name: 'subscriptions-charge-due', cron: '* * * * *', run: () => chargeDueSubscriptions(deps, clock.now()) },
  // "At each lot's expiry": expired credit is donated within a minute.
  { name: 'wallet-settle-expired', cron: '* * * * *', run: () => settleExpiredCredit(deps, clock.now()) },
  { name: 'wallet-expiring-notices', cron: '*/15 * * * *', run: () => notifyExpiringCredit(deps, clock.now()) },
  // Scheduled gift cards go out within a minute of the chosen time.
  { name: 'gift-card-deliveries', cron: '* * * * *', run: () => deliverDueGiftCards(deps, clock.now()) },
  // Every paid gift-card order's money adds up (docs/gift-cards.md); a breach is logged and pages the finance admins.
  {
    name: 'gift-card-order-invariants',
    cron: '17 * * * *',
    run: async () => (await checkAndAlertOrderInvariants(deps, clock.now())).length,
  },
  // Recipient spreadsheets (names and e-mails) are kept a day, then deleted (docs/gift-cards.md).
  { name: 'recipient-sheets', cron: '23 * * * *', run: () => deleteStaleRecipientSheets(deps, clock.now()) },
  // The finances' days that are over are summed into daily rollups (docs/admin.md, "Finances"), a few minutes after midnight and then hourly.
  { name: 'finance-rollups', cron: '5 * * * *', run: () => compactFinanceDays(deps.db) },
  // Sign-in counts whose window and lock are over are forgotten (docs/auth-and-profile.md).
  { name: 'sign-in-guards', cron: '41 * * * *', run: () => pruneSignInGuards(deps.db, clock.now()) },
  // Access records (sessions, tokens, page views' person) are kept six months, as the privacy policy says (docs/privacy.md).
  {
    name: 'access-records',
    cron: '29 4 * * *',
    run: async () => {
      const pruned = await pruneAccessRecords(deps.db, clock.now());
      return pruned.sessions + pruned.refreshTokens + pruned.resetLinks + pruned.pageViewsAnonymised;
    },
  },
  // Unredeemed gift cards: their holder is reminded 30 and 7 days before they expire.
  { name: 'gift-card-expiring-reminders', cron: '*/15 * * * *', run: () => remindExpiringGiftCards(deps, clock.now()) },
  // A deleted account's saved cards and Pix Automático recurrences the provider did not confirm removed are asked again (docs/privacy.md).
  { name: 'provider-cleanups', cron: '*/5 * * * *', run: () => runProviderCleanups(deps, clock.now()) },
  // Last year's statements, hourly in January's first week: a run cut short is carried on the next hour (docs/privacy.md).
  { name: 'yearly-statements', cron: '7 * 1-7 1 *', run: () => mailYearlyStatements(deps, clock.now()) },
  // A snapshot of the embedded database once the last one is BACKUP_EVERY old (docs/deploy.md, "Backups").
  ...(deps.backups ? [{ name: 'database-backup', cron: '* * * * *', run: () => (deps.backups as BackupService).runIfDue() }] : []),
  // What autovacuum's ANALYZE does on PostgreSQL, for the embedded database: tables grown a tenth are analyzed (docs/deploy.md).
  ...(deps.keepStatistics ? [{ name: 'database-statistics', cron: '*/10 * * * *', run: deps.keepStatistics }] : []),
];
