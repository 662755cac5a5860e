import { PAGE_VIEW_MAX_AGE_MS, PAGE_VIEW_MAX_AHEAD_MS, type PageView } from '../../contracts/analytics';
import { donorMessages as dm } from '../../contracts/donor-messages';
import { errorCodes } from '../../contracts/errors';
import { pageViews } from '../db/schema';
import type { Database } from '../db/types';
import { invalid } from '../domain/errors';

/**
 * Records a batch of page views, all or none: one view outside the window (PAGE_VIEW_MAX_AGE_MS back,
 * PAGE_VIEW_MAX_AHEAD_MS ahead of `now`) refuses the batch with a 400 before anything is written.
 */
export async function recordPageViews(
  db: Database,
  input: { views: readonly PageView[]; userId: string | null; now: Date },
): Promise<void> {
  const nowMs = input.now.getTime();
  const times = input.views.map((view) => new Date(view.occurred_at));
  if (times.some((t) => t.getTime() > nowMs + PAGE_VIEW_MAX_AHEAD_MS)) throw invalid(errorCodes.validation, dm.pageViewInFuture);
  if (times.some((t) => t.getTime() < nowMs - PAGE_VIEW_MAX_AGE_MS)) throw invalid(errorCodes.validation, dm.pageViewTooOld);
  await db.insert(pageViews).values(
    input.views.map((view, i) => ({
      path: view.path,
      referrer: view.referrer ?? null,
      locale: view.locale ?? null,
      userId: input.userId,
      occurredAt: times[i] as Date,
      createdAt: input.now,
    })),
  );
}
