import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_STATUSES } from '../../../contracts/admin-exports';
import { LOCALES } from '../../../contracts/constants';

/**
 * An export prepared in the background (docs/admin.md): what was asked (kind, format, filter), by whom,
 * how far it got, and where its file is until it expires. A run beats `heartbeat_at` on a timer of its
 * own; a run that stops (a crash) leaves it behind, and the `exports` job starts it again from the
 * beginning with `attempts` one higher — the number every write of a run is fenced by.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: EXPORT_KINDS }).notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    /** The period (finances) or the list's filters (donations), as validated by the contract. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    requestedBy: uuid('requested_by').notNull(),
    /** The language of the admin who asked: the file's headers and words are in it. */
    locale: text('locale', { enum: LOCALES }).notNull().default('pt'),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    linesDone: integer('lines_done').notNull().default(0),
    linesTotal: integer('lines_total'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('export_jobs_status_idx').on(t.status),
    index('export_jobs_requested_by_idx').on(t.requestedBy, t.createdAt),
    // One run at a time per admin: the others wait their turn, queued (export-queue.ts).
    uniqueIndex('export_jobs_one_running_idx')
      .on(t.requestedBy)
      .where(sql`status = 'running'`),
  ],
);
