import { z } from 'zod';

/**
 * Backups of the embedded database (/admin/backups; docs/deploy.md, "Backups"): the admins ask for one
 * now and read the last runs. A server on PostgreSQL answers 409 `backup.external`: its backups are the
 * database's own.
 */

export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const BACKUP_TARGETS = ['folder', 's3'] as const;

export const backupRunSchema = z.object({
  id: z.string(),
  /** `schedule` (every BACKUP_EVERY) or `manual` (`npm run backup`, or an admin's request). */
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  /** `folder` (BACKUP_DIR) or `s3` (the uploads' bucket, under backups/). */
  target: z.enum(BACKUP_TARGETS),
  /** The file's name in BACKUP_DIR or its key in the bucket, once written. */
  location: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  started_at: z.string().meta({ format: 'date-time' }),
  finished_at: z.string().meta({ format: 'date-time' }).nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /admin/backups: newest first, `page` from 0; the total is in X-Total-Count. */
export const backupListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(100).default(20),
});
