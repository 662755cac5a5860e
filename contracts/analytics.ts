import { z } from 'zod';
import { plainText } from './plain-text';

/** A page view recorded after each route change; the client queues them and drains every 3 s. */
export const pageViewSchema = z.object({
  path: plainText().min(1).max(2048),
  referrer: plainText().max(2048).optional(),
  locale: plainText().max(8).optional(),
  occurred_at: z.iso.datetime(),
});
export const pageViewBatchSchema = z.object({ views: z.array(pageViewSchema).min(1).max(100) });
export type PageView = z.infer<typeof pageViewSchema>;
