import { and, isNotNull, lt, or } from 'drizzle-orm';
import { pageViews, passwordResetTokens, refreshTokens, userSessions } from '../db/schema';
import type { Database } from '../db/types';

/**
 * The privacy policy's section 5 keeps access records (address, browser, time) six months, as the Marco Civil da
 * Internet (art. 15) asks, and no longer (docs/privacy.md, "Retention"). Past that a record is of no use to the
 * person either: a refresh token lives 30 days, so a session unseen for six months ended long before.
 */
export const ACCESS_RECORD_MONTHS = 6;

/** Six calendar months before `now` (the same day of the month, or the month's last day when it has none). */
export function accessRecordCutoff(now: Date): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCESS_RECORD_MONTHS);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

export interface PrunedAccessRecords {
  sessions: number;
  refreshTokens: number;
  resetLinks: number;
  pageViewsAnonymised: number;
}

/**
 * Deletes the sessions (with their address and browser) ended or unseen for six months, the refresh tokens and
 * reset links expired that long ago, and takes the person off page views as old (the counts by page stay). Each
 * statement stands alone: a run cut short leaves only records the next run deletes.
 */
export async function pruneAccessRecords(db: Database, now: Date): Promise<PrunedAccessRecords> {
  const cutoff = accessRecordCutoff(now);
  const sessions = await db
    .delete(userSessions)
    .where(or(lt(userSessions.lastSeenAt, cutoff), lt(userSessions.revokedAt, cutoff)))
    .returning({ id: userSessions.id });
  const tokens = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, cutoff)).returning({ id: refreshTokens.id });
  const resetLinks = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, cutoff))
    .returning({ id: passwordResetTokens.id });
  const views = await db
    .update(pageViews)
    .set({ userId: null })
    .where(and(isNotNull(pageViews.userId), lt(pageViews.occurredAt, cutoff)))
    .returning({ id: pageViews.id });
  return { sessions: sessions.length, refreshTokens: tokens.length, resetLinks: resetLinks.length, pageViewsAnonymised: views.length };
}
