import { z } from 'zod';

/**
 * The admins' "Sistema" page (GET /admin/system, role ADMIN; docs/admin.md, "Sistema"): the alerts open now,
 * the queues, the last backup, the versions and each configured provider's health on the node that answers.
 */

/** What an alert is about (docs/deploy.md, "Alerts"). */
export const SYSTEM_ALERT_KINDS = [
  'ledger_unbalanced',
  'provider_errors',
  'queue_stuck',
  'backup_missing',
  'certificate_expiring',
  'webhook_signatures',
] as const;
export type SystemAlertKind = (typeof SYSTEM_ALERT_KINDS)[number];

export const systemAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(SYSTEM_ALERT_KINDS),
  /** The provider, queue, gateway…; `ledger`, `backup`, `api-pix` for the one-of-a-kind ones. */
  subject: z.string(),
  /** The figures the last check saw (counts, ages in seconds, dates), which the page puts in words. */
  details: z.record(z.string(), z.unknown()),
  raised_at: z.string(),
  last_seen_at: z.string(),
  mailed_at: z.string().nullable(),
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

export const systemQueueSchema = z.object({
  name: z.string(),
  depth: z.number().int(),
  /** Seconds since the oldest due item was due; null when none is due. */
  oldest_due_age_s: z.number().nullable(),
});
export type SystemQueue = z.infer<typeof systemQueueSchema>;

export const systemBackupSchema = z.object({
  /** false on PostgreSQL (DATABASE_URL): backups are the database's own (docs/deploy.md). */
  applies: z.boolean(),
  last: z
    .object({
      status: z.enum(['running', 'succeeded', 'failed']),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      size_bytes: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  last_success_at: z.string().nullable(),
});

export const systemProviderSchema = z.object({
  name: z.string(),
  /** Calls and errors in the last 5 minutes, counted by the node that answers. */
  calls: z.number().int(),
  errors: z.number().int(),
  last_error_at: z.string().nullable(),
});
export type SystemProvider = z.infer<typeof systemProviderSchema>;

export const systemVersionsSchema = z.object({
  app: z.string(),
  node: z.string(),
  database: z.object({ engine: z.enum(['pglite', 'postgresql']), version: z.string() }),
  migrations: z.object({ applied: z.number().int(), known: z.number().int() }),
  build: z.string().nullable(),
});

export const adminSystemSchema = z.object({
  alerts: z.array(systemAlertSchema),
  queues: z.array(systemQueueSchema),
  backup: systemBackupSchema,
  versions: systemVersionsSchema,
  providers: z.array(systemProviderSchema),
  /** Whether POST /admin/backups exists on this server (the page then offers "Fazer backup agora"). */
  can_back_up_now: z.boolean(),
});
export type AdminSystem = z.infer<typeof adminSystemSchema>;
