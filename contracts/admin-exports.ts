import { z } from 'zod';
import { adminDonationQuerySchema } from './admin-donations';
import { financeQuerySchema } from './admin-finances';

/**
 * Exports prepared in the background (docs/admin.md): a long period's ledger lines or a long list of
 * donations is read in steps, its progress visible, and the file is kept for EXPORT_KEPT_HOURS for the
 * admin who asked for it alone, then deleted.
 */

export const EXPORT_KINDS = ['finances', 'donations'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a prepared file can be downloaded. */
export const EXPORT_KEPT_HOURS = 24;

/** The direct (GET …/export.csv) answers stop here: more lines than this are an export in the background. */
export const EXPORT_INLINE_MAX_LINES = 10_000;

/** The filters of the donations list, without its paging. */
export const donationExportFilterSchema = adminDonationQuerySchema.omit({ page: true, amount: true });
export type DonationExportFilter = z.infer<typeof donationExportFilterSchema>;

/** POST /admin/finances/exports */
export const financeExportRequestSchema = z.object({ format: z.enum(EXPORT_FORMATS), period: financeQuerySchema });
/** POST /admin/donations/exports */
export const donationExportRequestSchema = z.object({ format: z.literal('csv'), filter: donationExportFilterSchema });

export type ExportRequest =
  | ({ kind: 'finances' } & z.infer<typeof financeExportRequestSchema>)
  | ({ kind: 'donations' } & z.infer<typeof donationExportRequestSchema>);

export const exportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Lines read so far, of `lines_total` (null until counted). */
  lines_done: z.number().int(),
  lines_total: z.number().int().nullable(),
  file_name: z.string(),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file stops being downloadable (set when it is ready). */
  expires_at: z.string().nullable(),
  /** A queued export's place in the one queue of every admin's exports (1: the next to run; export-queue.ts), else null. */
  queue_place: z.number().int().positive().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
