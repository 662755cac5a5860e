import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { notifications, permissions, users } from '../../server/db/schema';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// A signed-in person's profile and notifications from memory (docs/auth-and-profile.md, "Signed-in reads
// from memory"): app A and app B are two nodes on one database; B hears of A's commits only through NOTIFY.
let ctx: TestContext;
let other: FastifyInstance;
let counted: FastifyInstance;
let selects = 0;

/** The database, counting every select it is asked for (a kept answer must ask for none). */
const countingSelects = (db: Database): Database =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') selects += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.buildAnotherApp();
  counted = await ctx.buildAnotherApp({}, { db: countingSelects(ctx.database.db) });
}, 300_000);
afterAll(() => ctx.close());

const get = (app: FastifyInstance, url: string, token: string, headers: Record<string, string> = {}) =>
  call(app, 'GET', url, undefined, { token, headers });
const profileOf = async (app: FastifyInstance, token: string) => (await get(app, '/api/v1/users/profile', token)).json();
const notificationsOf = async (app: FastifyInstance, token: string, query = '') => {
  const response = await get(app, `/api/v1/notifications${query}`, token);
  return {
    ids: (response.json() as Array<{ id: string; read: boolean }>).map((n) => `${n.id}:${n.read}`),
    total: response.headers['x-total-count'],
  };
};
/** A notification written straight in the database, as a job or another node would. */
const notify = async (userId: string) =>
  (await ctx.database.db.insert(notifications).values({ userId, type: 'donations', metadata: {} }).returning({ id: notifications.id }))[0]!
    .id;
/** NOTIFY reaches another node's listener a moment after the commit (at once on PGlite); well under the 5 s status cache. */
const soon = { timeout: 3000 };

describe('signed-in reads from memory', () => {
  it('answers the profile and a page of notifications again without asking the database', async () => {
    const { token, user } = await newSession(ctx.app);
    await notify(user.id);
    for (const url of ['/api/v1/users/profile', '/api/v1/notifications?page=0&amount=30']) {
      expect((await get(counted, url, token)).statusCode).toBe(200);
      const afterFirst = selects;
      const again = await get(counted, url, token);
      expect(again.statusCode).toBe(200);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(selects, url).toBe(afterFirst);
    }
  });

  it('sends the kept answer compressed when asked, and 304 to a current If-None-Match', async () => {
    const { token, user } = await newSession(ctx.app);
    for (let i = 0; i < 10; i++) await notify(user.id);
    const plain = await get(ctx.app, '/api/v1/notifications', token);
    const br = await get(ctx.app, '/api/v1/notifications', token, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-total-count']).toBe('10');
    const again = await get(ctx.app, '/api/v1/notifications', token, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('shows the caller’s profile edit on their next read, on this node and the other', async () => {
    const { token } = await newSession(ctx.app);
    await profileOf(ctx.app, token);
    await profileOf(other, token);
    const put = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      {
        name: 'Nome Novo',
        phone: '11987654321',
        address: {},
      },
      { token },
    );
    expect(put.statusCode, put.body).toBe(200);
    expect((await profileOf(ctx.app, token)).name).toBe('Nome Novo');
    await expect.poll(async () => (await profileOf(other, token)).name, soon).toBe('Nome Novo');
  });

  it('shows a change written outside the app (a job, a script) and a new grant on both nodes', async () => {
    const { token, user } = await newSession(ctx.app);
    await profileOf(ctx.app, token);
    await profileOf(other, token);
    await ctx.database.db.update(users).set({ name: 'Mudado Por Um Job' }).where(eq(users.id, user.id));
    for (const app of [ctx.app, other]) await expect.poll(async () => (await profileOf(app, token)).name, soon).toBe('Mudado Por Um Job');
    await grantAdmin(ctx, user.id, ['MANAGE_CAMPAIGNS']);
    for (const app of [ctx.app, other]) {
      await expect
        .poll(async () => ((await profileOf(app, token)).roles as Array<{ name: string }>).map((r) => r.name), soon)
        .toContain('ADMIN');
    }
  });

  it('shows an admin’s change to another person on that person’s next read, on the node that answered it', async () => {
    const lead = await newSession(ctx.app);
    await grantAdmin(ctx, lead.user.id, ['MANAGE_TEAM']);
    const member = await newSession(ctx.app);
    await grantAdmin(ctx, member.user.id, ['MANAGE_CAMPAIGNS']);
    const roles = async () => ((await profileOf(ctx.app, member.token)).roles as Array<{ name: string }>).map((r) => r.name);
    await expect.poll(roles, soon).toContain('ADMIN');
    const removed = await call(ctx.app, 'DELETE', `/api/v1/admin/team/members/${member.user.id}`, undefined, { token: lead.token });
    expect(removed.statusCode, removed.body).toBe(204);
    // No waiting here: the admin's answer left only once this node had heard its commit's NOTIFY.
    expect(await roles()).not.toContain('ADMIN');
  });

  it('shows a renamed permission in every profile that holds it (user:*)', async () => {
    const { token, user } = await newSession(ctx.app);
    await grantAdmin(ctx, user.id, ['MANAGE_CAMPAIGNS']);
    await expect.poll(async () => (await profileOf(other, token)).permissions as Array<{ name: string }>, soon).toHaveLength(1);
    await ctx.database.db.update(permissions).set({ name: 'MANAGE_CAMPAIGNS_RENAMED' }).where(eq(permissions.name, 'MANAGE_CAMPAIGNS'));
    try {
      await expect
        .poll(async () => ((await profileOf(other, token)).permissions as Array<{ name: string }>)[0]?.name, soon)
        .toBe('MANAGE_CAMPAIGNS_RENAMED');
    } finally {
      await ctx.database.db.update(permissions).set({ name: 'MANAGE_CAMPAIGNS' }).where(eq(permissions.name, 'MANAGE_CAMPAIGNS_RENAMED'));
    }
  });

  it('shows a new notification, a mark as read and a removal on both nodes', async () => {
    const { token, user } = await newSession(ctx.app);
    const first = await notify(user.id);
    expect((await notificationsOf(ctx.app, token)).total).toBe('1');
    expect((await notificationsOf(other, token)).total).toBe('1');
    await notify(user.id);
    for (const app of [ctx.app, other]) await expect.poll(async () => (await notificationsOf(app, token)).total, soon).toBe('2');
    // Filtered pages are kept apart and dropped together.
    expect((await notificationsOf(other, token, '?read=true')).total).toBe('0');
    const marked = await call(ctx.app, 'PATCH', '/api/v1/notifications', { notification_id: [first], read: true }, { token });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await notificationsOf(ctx.app, token)).ids).toContain(`${first}:true`);
    await expect.poll(async () => (await notificationsOf(other, token, '?read=true')).total, soon).toBe('1');
    await ctx.database.db.delete(notifications).where(eq(notifications.id, first));
    for (const app of [ctx.app, other]) await expect.poll(async () => (await notificationsOf(app, token)).total, soon).toBe('1');
  });

  it('keeps one person’s answers when another’s change', async () => {
    const a = await newSession(ctx.app);
    const b = await newSession(ctx.app);
    await get(counted, '/api/v1/users/profile', a.token);
    await notify(b.user.id);
    const before = selects;
    expect((await get(counted, '/api/v1/users/profile', a.token)).statusCode).toBe(200);
    expect(selects).toBe(before);
  });

  it('refuses an ended session at once on the other node, and a closed account', async () => {
    const { input, token: keeper } = await newSession(ctx.app);
    const { token: ended } = await signIn(ctx.app, input.email, input.password);
    expect((await get(other, '/api/v1/users/profile', ended)).statusCode).toBe(200);
    const sessions = (await get(ctx.app, '/api/v1/users/profile/sessions', ended)).json() as Array<{ id: string; current: boolean }>;
    const endedId = sessions.find((s) => s.current)!.id;
    expect((await call(ctx.app, 'DELETE', `/api/v1/users/profile/sessions/${endedId}`, undefined, { token: keeper })).statusCode).toBe(204);
    // The test clock stands still: the 5 s status cache never runs out, so only NOTIFY can refuse it.
    await expect.poll(async () => (await get(other, '/api/v1/users/profile', ended)).statusCode, soon).toBe(401);
    expect((await get(other, '/api/v1/notifications', ended)).statusCode).toBe(401);
    expect((await get(other, '/api/v1/users/profile', keeper)).statusCode).toBe(200);
    const me = (await profileOf(other, keeper)) as { id: string };
    await ctx.app.accountClosing.deactivate(me.id);
    await expect.poll(async () => (await get(other, '/api/v1/users/profile', keeper)).statusCode, soon).toBe(401);
  });
});
