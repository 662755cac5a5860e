import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessionsSchema } from '../../contracts/user-sessions';
import type { Session } from '../../contracts/user';
import { mailOutbox, userSessions } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Sessions a person can see and end (issue 49 item 5, docs/security.md): one per signed-in device, whose
 * access tokens stop the moment it is ended; a new device of a member who can move money is mailed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';

/** Signs in as a browser on some address would: the User-Agent and the socket's address are the session's. */
async function signInFrom(email: string, password: string, userAgent: string, remoteAddress = '127.0.0.1'): Promise<Session> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Session;
}

const list = async (token: string, locale = 'pt') => {
  const response = await call(ctx.app, 'GET', '/api/v1/users/profile/sessions', undefined, { token, locale });
  expect(response.statusCode, response.body).toBe(200);
  return userSessionsSchema.parse(response.json());
};
const profile = (token: string) => call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token });
const refresh = (refreshToken: string) => call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: refreshToken });

async function expectEnded(session: Session) {
  const answer = await profile(session.token);
  expect(answer.statusCode).toBe(401);
  expect(answer.json().code).toBe('token.invalid');
  expect((await refresh(session.refresh_token)).statusCode).toBe(401);
}

describe('GET /api/v1/users/profile/sessions', () => {
  it('lists each signed-in device with its browser, place and last use, the asking one marked current', async () => {
    const { input } = await newSession(ctx.app);
    const windows = await signInFrom(input.email, input.password, WINDOWS_CHROME, '200.147.67.142');
    const phone = await signInFrom(input.email, input.password, IPHONE_SAFARI, '::ffff:192.168.0.12');

    const sessions = await list(phone.token);
    // The sign-up's link opened a session too (no User-Agent there: an unknown device on the loopback).
    expect(sessions).toHaveLength(3);
    const [newest] = sessions;
    expect(newest).toMatchObject({ device: 'iPhone (iOS 17.1)', browser: 'Safari 17', place: 'Rede local', current: true });
    expect(sessions.find((s) => s.browser === 'Chrome 120')).toMatchObject({ device: 'Windows 10', place: 'Brasil', current: false });
    expect(sessions.find((s) => s.device === 'Dispositivo desconhecido')).toMatchObject({
      browser: 'Navegador desconhecido',
      current: false,
    });
    for (const session of sessions) expect(Date.parse(session.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));

    // Unknown parts and places read in the reader's language.
    const english = await list(windows.token, 'en');
    expect(english.find((s) => s.current)).toMatchObject({ place: 'Brazil' });
    expect(english.find((s) => s.device === 'iPhone (iOS 17.1)')).toMatchObject({ place: 'Local network' });
    expect((await list(windows.token, 'es')).find((s) => s.current)).toMatchObject({ place: 'Brasil' });
  });

  it('a refresh keeps the session (same id, still current) and moves its last use at most once a minute', async () => {
    const { input } = await newSession(ctx.app);
    const signedIn = await signInFrom(input.email, input.password, ANDROID_CHROME);
    const [before] = (await list(signedIn.token)).filter((s) => s.current);

    ctx.clock.advance(30_000);
    const early = (await refresh(signedIn.refresh_token)).json();
    const [sameMinute] = (await list(early.token)).filter((s) => s.current);
    expect(sameMinute).toEqual(before);

    ctx.clock.advance(31_000);
    const later = (await refresh(early.refresh_token)).json();
    const [moved] = (await list(later.token)).filter((s) => s.current);
    expect(moved!.id).toBe(before!.id);
    expect(moved!.last_seen_at).toBe(ctx.clock.now().toISOString());
  });

  it('needs a bearer token', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile/sessions');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token.missing');
  });
});

describe('ending sessions', () => {
  it('DELETE /users/profile/sessions/:id ends that device at once: its access and refresh tokens are refused', async () => {
    const { input, ...first } = await newSession(ctx.app);
    const phone = await signInFrom(input.email, input.password, IPHONE_SAFARI);
    const phoneId = (await list(phone.token)).find((s) => s.current)!.id;

    const response = await call(ctx.app, 'DELETE', `/api/v1/users/profile/sessions/${phoneId}`, undefined, { token: first.token });
    expect(response.statusCode).toBe(204);
    await expectEnded(phone);
    expect((await profile(first.token)).statusCode).toBe(200);
    expect((await list(first.token)).map((s) => s.id)).not.toContain(phoneId);

    // Ended already: nothing left to end.
    const again = await call(ctx.app, 'DELETE', `/api/v1/users/profile/sessions/${phoneId}`, undefined, {
      token: first.token,
      locale: 'en',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', message: 'This session does not exist or has already been ended.' });
  });

  it("cannot end someone else's session (404, it goes on) and refuses a malformed id (400)", async () => {
    const owner = await newSession(ctx.app);
    const stranger = await newSession(ctx.app);
    const ownerId = (await list(owner.token)).find((s) => s.current)!.id;

    const response = await call(ctx.app, 'DELETE', `/api/v1/users/profile/sessions/${ownerId}`, undefined, { token: stranger.token });
    expect(response.statusCode).toBe(404);
    expect((await profile(owner.token)).statusCode).toBe(200);

    const malformed = await call(ctx.app, 'DELETE', '/api/v1/users/profile/sessions/not-an-id', undefined, { token: owner.token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation.failed');
    const anonymous = await call(ctx.app, 'DELETE', `/api/v1/users/profile/sessions/${ownerId}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('DELETE /users/profile/sessions ends every other session and keeps the one asking', async () => {
    const { input, ...first } = await newSession(ctx.app);
    const phone = await signInFrom(input.email, input.password, IPHONE_SAFARI);
    const laptop = await signInFrom(input.email, input.password, WINDOWS_CHROME);

    const response = await call(ctx.app, 'DELETE', '/api/v1/users/profile/sessions', undefined, { token: laptop.token });
    expect(response.statusCode).toBe(204);
    await expectEnded(first);
    await expectEnded(phone);
    expect((await profile(laptop.token)).statusCode).toBe(200);
    const left = await list(laptop.token);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it('signing out ends the session: its access token stops at once too', async () => {
    const session = await newSession(ctx.app);
    const response = await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: session.refresh_token });
    expect(response.statusCode).toBe(204);
    await expectEnded(session);
  });

  it('a session ended on another API node stops here within the cache time (5 s)', async () => {
    const session = await newSession(ctx.app);
    const otherNode = await ctx.buildAnotherApp();
    expect((await profile(session.token)).statusCode).toBe(200);
    const id = (await list(session.token)).find((s) => s.current)!.id;
    expect((await call(otherNode, 'DELETE', `/api/v1/users/profile/sessions/${id}`, undefined, { token: session.token })).statusCode).toBe(
      204,
    );
    ctx.clock.advance(5_001);
    expect((await profile(session.token)).statusCode).toBe(401);
  });
});

describe('the new-device mail', () => {
  const mailsTo = (email: string) =>
    ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%Semear%')))
      .then((rows) => rows.filter((row) => /entrada|sign-in|inicio de sesión/i.test(row.subject)));

  it('mails a member holding a money permission when their account opens on a device it had not used, once', async () => {
    const { input, user } = await newSession(ctx.app);
    await grantAdmin(ctx, user.id, ['MANAGE_FINANCES']);
    await signInFrom(input.email, input.password, WINDOWS_CHROME);
    const [mail] = await mailsTo(input.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Nova entrada na sua conta do Semear');
    expect(mail!.text).toContain('Windows 10, Chrome 120, Rede local');
    expect(mail!.text).toContain('http://semear.test/profile');

    // The same kind of device again (a newer browser version too): no further mail.
    await signInFrom(input.email, input.password, WINDOWS_CHROME.replace('Chrome/120', 'Chrome/121'));
    expect(await mailsTo(input.email)).toHaveLength(1);
    await signInFrom(input.email, input.password, IPHONE_SAFARI, '200.147.67.142');
    const mails = await mailsTo(input.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('iPhone (iOS 17.1), Safari 17, Brasil'))).toBe(true);
  });

  it('does not mail a donor nor an admin without a money permission', async () => {
    const donor = await newSession(ctx.app);
    const campaigns = await newSession(ctx.app);
    await grantAdmin(ctx, campaigns.user.id, ['MANAGE_CAMPAIGNS']);
    for (const { input } of [donor, campaigns]) {
      await signInFrom(input.email, input.password, IPHONE_SAFARI);
      expect(await mailsTo(input.email)).toHaveLength(0);
    }
  });

  it('keeps only the first 512 characters of a User-Agent', async () => {
    const { input, user } = await newSession(ctx.app);
    await signInFrom(input.email, input.password, `${ANDROID_CHROME} ${'x'.repeat(2000)}`);
    const rows = await ctx.database.db
      .select({ userAgent: userSessions.userAgent })
      .from(userSessions)
      .where(eq(userSessions.userId, user.id));
    expect(Math.max(...rows.map((r) => r.userAgent.length))).toBe(512);
  });
});
