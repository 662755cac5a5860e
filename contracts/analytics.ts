import { z } from 'zod';
import { plainText } from './plain-text';

/** A page view recorded after each route change; the client queues them and drains every 3 s. */
export const pageViewSchema = z.object({
  path: plainText().min(1).max(2048),
  referrer: plainText().max(2048).optional(),
  locale: plainText().max(8).optional(),
  occurred_at: z.iso.datetime().meta({
    description: 'Within the last 7 days, and at most 5 minutes ahead of the server’s clock (else 400).',
    // Read when the API document is made (server/plugins/openapi.ts makes it again each day): a moment it accepts.
    get examples() {
      return [new Date().toISOString()];
    },
  }),
});
/**
 * How far occurred_at may be from the server's clock. Past: the client's queue lives in the tab's memory,
 * so views it held through a long offline spell (a laptop asleep for a weekend) still count, for up
 * to a week; older ones would only be someone writing history. Future: browsers' clocks drift a little.
 */
export const PAGE_VIEW_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const PAGE_VIEW_MAX_AHEAD_MS = 5 * 60 * 1000;

export const pageViewBatchSchema = z.object({ views: z.array(pageViewSchema).min(1).max(100) });
export type PageView = z.infer<typeof pageViewSchema>;
