import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VIEW_MAX_AGE_MS, PAGE_VIEW_MAX_AHEAD_MS } from '../../contracts/analytics';
import { pageViews } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** An ISO time `ms` before the server's clock (negative: ahead of it). */
const ago = (ms: number): string => new Date(ctx.clock.now().getTime() - ms).toISOString();
const count = async (): Promise<number> => (await ctx.database.db.select().from(pageViews)).length;

describe('POST /api/v1/analytics/page-views', () => {
  it('stores a visitor batch without user', async () => {
    const seen = ago(60_000);
    const response = await call(ctx.app, 'POST', '/api/v1/analytics/page-views', {
      views: [
        { path: '/', occurred_at: ago(65_000), locale: 'pt' },
        { path: '/gift-card', referrer: '/', occurred_at: seen },
      ],
    });
    expect(response.statusCode).toBe(204);
    const rows = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/gift-card'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referrer: '/', userId: null, locale: null });
    expect(rows[0]?.occurredAt.toISOString()).toBe(seen);
  });

  it('records the user when a valid bearer token comes, and ignores a bad one', async () => {
    const session = await newSession(ctx.app);
    await call(
      ctx.app,
      'POST',
      '/api/v1/analytics/page-views',
      { views: [{ path: '/profile', occurred_at: new Date().toISOString() }] },
      { token: session.token },
    );
    await call(
      ctx.app,
      'POST',
      '/api/v1/analytics/page-views',
      { views: [{ path: '/help', occurred_at: new Date().toISOString() }] },
      { token: 'bad' },
    );
    const [profileView] = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/profile'));
    expect(profileView?.userId).toBe(session.user.id);
    const [helpView] = await ctx.database.db.select().from(pageViews).where(eq(pageViews.path, '/help')).orderBy(desc(pageViews.createdAt));
    expect(helpView?.userId).toBeNull();
  });

  it('refuses an empty or malformed batch with 400, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(pageViews)).length;
    expect((await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [] })).statusCode).toBe(400);
    expect(
      (await call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/x', occurred_at: 'yesterday' }] })).statusCode,
    ).toBe(400);
    expect((await ctx.database.db.select().from(pageViews)).length).toBe(before);
  });

  it('refuses a batch holding a view from the future or older than 7 days with a translated 400, storing none of it', async () => {
    const before = await count();
    const future = await call(ctx.app, 'POST', '/api/v1/analytics/page-views', {
      views: [
        { path: '/ok', occurred_at: ago(0) },
        { path: '/futuro', occurred_at: ago(-PAGE_VIEW_MAX_AHEAD_MS - 60_000) },
      ],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ code: 'validation.failed', message: 'A data da visita (occurred_at) não pode estar no futuro.' });
    const old = await call(
      ctx.app,
      'POST',
      '/api/v1/analytics/page-views',
      { views: [{ path: '/antigo', occurred_at: ago(PAGE_VIEW_MAX_AGE_MS + 60_000) }] },
      { locale: 'en' },
    );
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ code: 'validation.failed', message: expect.stringContaining('7 days') });
    expect(await count()).toBe(before);
    // Inside both bounds: a little clock drift ahead, a view kept offline for six days.
    const edges = await call(ctx.app, 'POST', '/api/v1/analytics/page-views', {
      views: [
        { path: '/drift', occurred_at: ago(-60_000) },
        { path: '/offline', occurred_at: ago(6 * 24 * 3600_000) },
      ],
    });
    expect(edges.statusCode).toBe(204);
    expect(await count()).toBe(before + 2);
  });

  it('answers 429 beyond ANALYTICS_RATE_LIMIT_MAX batches per client address and minute, storing nothing more', async () => {
    const limited = await ctx.buildAnotherApp({ ANALYTICS_RATE_LIMIT_MAX: '3' });
    const send = () => call(limited, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/limite', occurred_at: ago(0) }] });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
    const before = await count();
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(await count()).toBe(before);
  });
});
