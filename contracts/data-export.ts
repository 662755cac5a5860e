import { z } from 'zod';

/**
 * A copy of one's data (LGPD art. 18, II and V; docs/privacy.md, "A copy of my data"). Asked with
 * POST /users/profile/data-export (202 {id}), prepared in the background, then downloadable by the account
 * that asked, with its session, for DATA_EXPORT_KEPT_DAYS.
 */

/** How long a prepared copy can be downloaded before its file is deleted. */
export const DATA_EXPORT_KEPT_DAYS = 7;

/** What a request goes through: waiting, being written, downloadable, deleted after its days, or given up. */
export const DATA_EXPORT_STATUSES = ['pending', 'processing', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportAcceptedSchema = z.object({ id: z.uuid() });
export type DataExportAccepted = z.infer<typeof dataExportAcceptedSchema>;

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  /** Until when the file can be downloaded (ready only). */
  expires_at: z.string().nullable(),
  /** The API path of the ZIP (ready only); it needs the account's bearer token, like every profile call. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /users/profile/data-export: the latest request, or null when the account never asked. */
export const latestDataExportSchema = dataExportSchema.nullable();
