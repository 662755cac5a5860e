import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/v1/analytics/page-views', () => {
  it('stores a visitor batch without user', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/analytics/page-views', {
      views: [
        { path: '/', occurred_at: '2026-11-22T10:00:00.000Z', locale: 'pt' },
        { path: '/gift-card', referrer: '/', occurred_at: '2026-11-22T10:00:05.000Z' },
      ],
    });
    expect(response.statusCode).toBe(204);
    const rows = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/gift-card'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referrer: '/', userId: null, locale: null });
    expect(rows[0]?.occurredAt.toISOString()).toBe('2026-11-22T10:00:05.000Z');
  });

  it('records the user when a valid bearer token comes, and ignores a bad one', async () => {
    const session = await newSession(ctx.app);
    await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/profile', occurred_at: new Date().toISOString() }] }, { token: session.token });
    await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/help', occurred_at: new Date().toISOString() }] }, { token: 'bad' });
    const [profileView] = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/profile'));
    expect(profileView?.userId).toBe(session.user.id);
    const [helpView] = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/help')).orderBy(desc(pageViews.createdAt));
    expect(helpView?.userId).toBeNull();
  });

  it('refuses an empty or malformed batch with 400, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(pageViews)).length;
    expect((await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [] })).statusCode).toBe(400);
    expect((await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/x', occurred_at: 'yesterday' }] })).statusCode).toBe(400);
    expect((await ctx.database.db.select().from(pageViews)).length).toBe(before);
  });
});
