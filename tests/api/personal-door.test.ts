import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { USER_STATUS_CACHE_TTL_MS } from '../../server/users/user-status';
import { newSession, signIn } from './helpers/fixtures';
import { answeredAgainFromMemory, listeningNode, loggingNode, type SocketAnswer } from './helpers/over-socket';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// A signed-in person's kept reads answered before Fastify (server/http/personal-door.ts): `node` listens
// on a socket, ctx.app is a second node on the same database that hears of `node`'s commits only by NOTIFY.
let ctx: TestContext;
let node: FastifyInstance;
let get: Awaited<ReturnType<typeof listeningNode>>['request'];
let askedTwice: (path: string, headers?: Record<string, string>) => Promise<SocketAnswer>;

beforeAll(async () => {
  ctx = await createTestContext();
  node = await ctx.buildAnotherApp();
  get = (await listeningNode(node)).request;
  askedTwice = (path, headers) => answeredAgainFromMemory(get, path, headers);
}, 300_000);
afterAll(() => ctx.close());

const PROFILE = '/api/v1/users/profile';
const NOTIFICATIONS = '/api/v1/notifications?page=0&amount=30';
const bearer = (token: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...more });
const json = (answer: SocketAnswer) => JSON.parse(answer.body.toString()) as unknown;
/** NOTIFY reaches a listener a moment after the commit: well under the 5 s status cache. */
const soon = { timeout: 3000 };

/** A notification written straight in the database, as a job or another node would. */
const notify = async (userId: string) =>
  (await ctx.database.db.insert(notifications).values({ userId, type: 'donations', metadata: {} }).returning({ id: notifications.id }))[0]!
    .id;

describe('the signed-in door: a person’s kept reads answered before Fastify', () => {
  it('sends the profile and a page of notifications again, byte for byte, in each encoding, and the same 304', async () => {
    const { token, user } = await newSession(ctx.app);
    for (let i = 0; i < 12; i++) await notify(user.id);
    for (const path of [PROFILE, NOTIFICATIONS]) {
      const again = await askedTwice(path, bearer(token));
      expect(again.headers['cache-control'], path).toBe('no-store');
      expect(again.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await askedTwice(NOTIFICATIONS, bearer(token))).headers['x-total-count']).toBe('12');
    const br = await askedTwice(NOTIFICATIONS, bearer(token, { 'accept-encoding': 'br' }));
    expect(br.headers['content-encoding']).toBe('br');
    const etag = String(br.headers.etag);
    const notModified = await askedTwice(NOTIFICATIONS, bearer(token, { 'if-none-match': etag }));
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('keeps each token apart: another session of the same person and another person are let in by Fastify first', async () => {
    const first = await newSession(ctx.app);
    await askedTwice(PROFILE, bearer(first.token));
    const second = await signIn(ctx.app, first.input.email, first.input.password);
    const bySecond = await get(PROFILE, bearer(second.token));
    expect(bySecond.byFastify).toBe(true);
    expect(json(bySecond)).toMatchObject({ id: first.user.id });
    const someoneElse = await newSession(ctx.app);
    const theirs = await get(PROFILE, bearer(someoneElse.token));
    expect(theirs.byFastify).toBe(true);
    expect(json(theirs)).toMatchObject({ id: someoneElse.user.id });
    // The kept token with its signature changed is a stranger to the door and refused by Fastify.
    const forged = `${first.token.slice(0, -4)}${first.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const refused = await get(PROFILE, bearer(forged));
    expect(refused.byFastify).toBe(true);
    expect(refused.status).toBe(401);
  });

  it('shows a change at once: the caller’s own write, one made on another node, and one written straight in the database', async () => {
    const { token, user } = await newSession(ctx.app);
    const marked = await notify(user.id);
    const total = async () => (await get(NOTIFICATIONS, bearer(token))).headers['x-total-count'];
    await askedTwice(NOTIFICATIONS, bearer(token));
    const patched = await call(node, 'PATCH', '/api/v1/notifications', { notification_id: [marked], read: true }, { token });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get(NOTIFICATIONS, bearer(token));
    expect(after.byFastify).toBe(true);
    expect(json(after)).toEqual([expect.objectContaining({ id: marked, read: true })]);
    await askedTwice(PROFILE, bearer(token));
    const put = await call(ctx.app, 'PUT', PROFILE, { name: 'Nome de Outro Nó', phone: '11987654321', address: {} }, { token });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(async () => (json(await get(PROFILE, bearer(token))) as { name: string }).name, soon).toBe('Nome de Outro Nó');
    await notify(user.id);
    await expect.poll(total, soon).toBe('2');
  });

  it('refuses an ended session and a closed account at once, an expired token with token.expired', async () => {
    const { input, token: keeper, user } = await newSession(ctx.app);
    const { token: ended } = await signIn(ctx.app, input.email, input.password);
    await askedTwice(PROFILE, bearer(ended));
    const sessions = (await call(ctx.app, 'GET', `${PROFILE}/sessions`, undefined, { token: ended })).json() as Array<{
      id: string;
      current: boolean;
    }>;
    const endedId = sessions.find((s) => s.current)!.id;
    expect((await call(ctx.app, 'DELETE', `${PROFILE}/sessions/${endedId}`, undefined, { token: keeper })).statusCode).toBe(204);
    // The test clock stands still, so only the NOTIFY of the ended session can refuse it.
    await expect.poll(async () => (await get(PROFILE, bearer(ended))).status, soon).toBe(401);

    await askedTwice(NOTIFICATIONS, bearer(keeper));
    await ctx.app.accountClosing.deactivate(user.id);
    await expect.poll(async () => (await get(NOTIFICATIONS, bearer(keeper))).status, soon).toBe(401);

    const fresh = await newSession(ctx.app);
    await askedTwice(PROFILE, bearer(fresh.token));
    ctx.clock.advance(ctx.config.accessTokenTtlS * 1000);
    const expired = await get(PROFILE, bearer(fresh.token));
    expect(expired.byFastify).toBe(true);
    expect(expired.status).toBe(401);
    expect(json(expired)).toMatchObject({ code: 'token.expired' });
  });

  it('lets Fastify look at the account again once its status is 5 s old, then answers from memory again', async () => {
    const { token } = await newSession(ctx.app);
    await askedTwice(PROFILE, bearer(token));
    ctx.clock.advance(USER_STATUS_CACHE_TTL_MS);
    expect((await get(PROFILE, bearer(token))).byFastify).toBe(true);
    expect((await get(PROFILE, bearer(token))).byFastify).toBe(false);
  });

  it('leaves to Fastify a HEAD, a request with a cookie or a body, and every read it does not keep', async () => {
    const { token } = await newSession(ctx.app);
    await askedTwice(PROFILE, bearer(token));
    expect((await get(PROFILE, bearer(token), 'HEAD')).byFastify).toBe(true);
    expect((await get(PROFILE, bearer(token, { cookie: 'semear.locale=en' }))).byFastify).toBe(true);
    expect((await get(PROFILE, bearer(token, { 'content-length': '0' }))).byFastify).toBe(true);
    for (let i = 0; i < 2; i++) expect((await get(`${PROFILE}/sessions`, bearer(token))).byFastify).toBe(true);
    expect((await get('/api/v1/notification-preferences', bearer(token))).byFastify).toBe(true);
  });

  it('writes a line for each request it answers, without the token', async () => {
    const { request, logs, fromMemory: linesFromMemory } = await loggingNode((env, options) => ctx.buildAnotherApp(env, options));
    const { token } = await newSession(ctx.app);
    for (let i = 0; i < 2; i += 1) expect((await request(PROFILE, bearer(token))).status).toBe(200);
    const fromMemory = linesFromMemory();
    expect(fromMemory).toHaveLength(1);
    expect(fromMemory[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: PROFILE }, res: { statusCode: 200 } });
    expect(logs()).not.toContain(token);
  });
});
