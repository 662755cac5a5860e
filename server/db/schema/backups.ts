import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per snapshot of the embedded database (docs/deploy.md, "Backups"): written when a backup starts
 * and again when it ends, so the admins' "Sistema" page and the backup alerts (no success for 26 h, a
 * failure) read the last ones without listing the backup folder or the S3 store.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `schedule` (every BACKUP_EVERY), `manual` (`npm run backup` or the admin's button). */
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    /** `folder` (BACKUP_DIR) or `s3`. */
    target: text('target', { enum: ['folder', 's3'] }).notNull(),
    /** The file's name in the folder, or its key in the store, once written. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);
