import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRecordCutoff, pruneAccessRecords } from '../../server/auth/access-record-retention';
import { pageViews, passwordResetTokens, refreshTokens, userSessions } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Access records are kept six months and no longer (privacy policy, section 5; docs/privacy.md "Retention"): the
 * `access-records` job deletes sessions, refresh tokens and reset links past that, and takes the person off page
 * views as old, while a session in use stays signed in.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('accessRecordCutoff', () => {
  it('is six calendar months back, on the month’s last day when the day does not exist', () => {
    expect(accessRecordCutoff(new Date('2026-11-30T12:00:00Z')).toISOString()).toBe('2026-05-30T12:00:00.000Z');
    expect(accessRecordCutoff(new Date('2026-08-31T03:00:00Z')).toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(accessRecordCutoff(new Date('2028-08-31T03:00:00Z')).toISOString()).toBe('2028-02-29T03:00:00.000Z');
    expect(accessRecordCutoff(new Date('2027-03-15T00:00:00Z')).toISOString()).toBe('2026-09-15T00:00:00.000Z');
  });
});

describe('pruneAccessRecords', () => {
  it('deletes what is older than six months, keeps what is newer, and the session in use still works', async () => {
    const { db } = ctx.database;
    const now = new Date();
    const old = new Date(now.getTime() - 200 * DAY);
    const recent = new Date(now.getTime() - 100 * DAY);
    const current = await newSession(ctx.app);
    const unseen = await newSession(ctx.app);
    const endedLongAgo = await newSession(ctx.app);
    const endedLately = await newSession(ctx.app);
    const sessionOf = async (userId: string) => (await db.select().from(userSessions).where(eq(userSessions.userId, userId)))[0]!;
    await db.update(userSessions).set({ lastSeenAt: old }).where(eq(userSessions.userId, unseen.user.id));
    await db.update(userSessions).set({ revokedAt: old }).where(eq(userSessions.userId, endedLongAgo.user.id));
    await db.update(userSessions).set({ revokedAt: recent }).where(eq(userSessions.userId, endedLately.user.id));
    await db.update(refreshTokens).set({ expiresAt: old }).where(eq(refreshTokens.userId, unseen.user.id));
    await db.insert(passwordResetTokens).values([
      { userId: unseen.user.id, tokenHash: `old-${crypto.randomUUID()}`, expiresAt: old },
      { userId: current.user.id, tokenHash: `new-${crypto.randomUUID()}`, expiresAt: recent },
    ]);
    await db.insert(pageViews).values([
      { path: '/old', userId: current.user.id, occurredAt: old },
      { path: '/recent', userId: current.user.id, occurredAt: recent },
    ]);
    const kept = [await sessionOf(current.user.id), await sessionOf(endedLately.user.id)];

    const pruned = await pruneAccessRecords(db, now);

    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ userId: userSessions.userId })
      .from(userSessions)
      .where(inArray(userSessions.userId, [current.user.id, unseen.user.id, endedLongAgo.user.id, endedLately.user.id]));
    expect(left.map((s) => s.userId).sort()).toEqual(kept.map((s) => s.userId).sort());
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, unseen.user.id))).toEqual([]);
    const links = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens);
    expect(links.filter((l) => l.userId === unseen.user.id)).toEqual([]);
    expect(links.some((l) => l.userId === current.user.id)).toBe(true);
    const views = await db
      .select({ path: pageViews.path, userId: pageViews.userId })
      .from(pageViews)
      .where(inArray(pageViews.path, ['/old', '/recent']));
    expect(views.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/old', userId: null },
      { path: '/recent', userId: current.user.id },
    ]);
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: current.token })).statusCode).toBe(200);
    expect(await pruneAccessRecords(db, now)).toEqual({ sessions: 0, refreshTokens: 0, resetLinks: 0, pageViewsAnonymised: 0 });
  });
});
