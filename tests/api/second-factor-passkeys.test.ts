import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyRegisteredSchema, secondFactorStatusSchema } from '../../contracts/second-factor';
import { passkeys } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { passwordStep, sessionOf } from './helpers/second-factor';
import { softwareAuthenticator, type SoftwareAuthenticator } from './helpers/software-authenticator';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const FACTOR = '/api/v1/users/profile/second-factor';
/** The relying party is PUBLIC_URL's: its origin and host name. */
const ORIGIN = 'http://semear.test';
const PASSWORD = 'girassol-amarelo-42';

const status = async (token: string) => secondFactorStatusSchema.parse((await call(ctx.app, 'GET', FACTOR, undefined, { token })).json());

async function register(token: string, authenticator: SoftwareAuthenticator, name = 'Notebook') {
  const options = await call(ctx.app, 'POST', `${FACTOR}/passkeys/options`, undefined, { token });
  expect(options.statusCode, options.body).toBe(200);
  return call(ctx.app, 'POST', `${FACTOR}/passkeys`, { name, response: authenticator.register(options.json()) }, { token });
}

/** A donor with one passkey, signed in by the sign-up's link. */
async function withPasskey() {
  const session = await newSession(ctx.app);
  const authenticator = softwareAuthenticator(ORIGIN);
  const registered = await register(session.token, authenticator);
  expect(registered.statusCode, registered.body).toBe(201);
  return { ...session, authenticator, registered: passkeyRegisteredSchema.parse(registered.json()) };
}

describe('registering a passkey', () => {
  it('verifies the browser’s answer to the options; the first factor brings 10 recovery codes, the next one none', async () => {
    const account = await withPasskey();
    const options = account.registered;
    expect(options.passkey).toMatchObject({ name: 'Notebook', last_used_at: null });
    expect(options.recovery_codes).toHaveLength(10);
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, account.user.id));
    expect(row).toMatchObject({ credentialId: account.authenticator.credentialId, transports: ['internal'], counter: 0 });
    expect(await status(account.token)).toMatchObject({ enrolled: true, recovery_codes_left: 10, totp: null });

    // The options name the account and exclude the passkey it has.
    const second = await call(ctx.app, 'POST', `${FACTOR}/passkeys/options`, undefined, { token: account.token });
    expect(second.json()).toMatchObject({
      rp: { id: 'semear.test', name: 'Semear' },
      user: { name: account.user.email },
      excludeCredentials: [{ id: account.authenticator.credentialId }],
    });
    const key = softwareAuthenticator(ORIGIN);
    const added = await call(
      ctx.app,
      'POST',
      `${FACTOR}/passkeys`,
      { name: 'Celular', response: key.register(second.json()) },
      { token: account.token },
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().recovery_codes).toBeNull();
    expect((await status(account.token)).passkeys.map((p) => p.name)).toEqual(['Notebook', 'Celular']);
  });

  it('refuses an answer from another site or to a spent challenge (400, nothing written), and bad input', async () => {
    const session = await newSession(ctx.app);
    const options = (await call(ctx.app, 'POST', `${FACTOR}/passkeys/options`, undefined, { token: session.token })).json();
    const elsewhere = softwareAuthenticator('https://semear.example.com');
    const foreign = await call(
      ctx.app,
      'POST',
      `${FACTOR}/passkeys`,
      { name: 'X', response: elsewhere.register(options) },
      { token: session.token },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('auth.passkey_invalid');
    const invalid = await call(
      ctx.app,
      'POST',
      `${FACTOR}/passkeys`,
      { name: '', response: { id: 'x' } },
      { token: session.token, locale: 'en' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Give this passkey a name');
    expect(await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, session.user.id))).toEqual([]);
    expect(await status(session.token)).toMatchObject({ enrolled: false, recovery_codes_left: 0 });

    // The browser may try again while the options last; a right answer spends them.
    const right = await call(
      ctx.app,
      'POST',
      `${FACTOR}/passkeys`,
      { name: 'X', response: softwareAuthenticator(ORIGIN).register(options) },
      { token: session.token },
    );
    expect(right.statusCode).toBe(201);
    const spent = await call(
      ctx.app,
      'POST',
      `${FACTOR}/passkeys`,
      { name: 'Y', response: softwareAuthenticator(ORIGIN).register(options) },
      { token: session.token },
    );
    expect(spent.statusCode).toBe(400);
    expect(spent.json().code).toBe('auth.passkey_invalid');
    expect((await status(session.token)).passkeys.map((p) => p.name)).toEqual(['X']);
  });

  it('needs a bearer token', async () => {
    for (const url of [`${FACTOR}/passkeys/options`, `${FACTOR}/passkeys`, '/api/v1/sessions/step-up/passkey/options']) {
      expect((await call(ctx.app, 'POST', url, {})).statusCode, url).toBe(401);
    }
  });
});

describe('signing in with a passkey', () => {
  it('answers the sign-in challenge with an assertion over its options: a session that proved a factor', async () => {
    const account = await withPasskey();
    const asked = await passwordStep(ctx.app, account.user.email, PASSWORD);
    expect(asked.methods).toEqual(['passkey', 'recovery_code']);
    const options = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey/options', { challenge: asked.challenge });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rpId: 'semear.test', allowCredentials: [{ id: account.authenticator.credentialId }] });
    const response = account.authenticator.assert(options.json());
    const session = sessionOf(
      await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey', { challenge: asked.challenge, response }),
    );
    expect(session.user.id).toBe(account.user.id);
    expect((await status(session.token)).passkeys[0]?.last_used_at).toEqual(ctx.clock.now().toISOString());

    // The same assertion for another sign-in: it signed the old challenge, refused.
    const next = await passwordStep(ctx.app, account.user.email, PASSWORD);
    await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey/options', { challenge: next.challenge });
    const replay = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey', { challenge: next.challenge, response });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.second_factor_invalid');
  });

  it('refuses an assertion signed by another key, and one without options asked', async () => {
    const account = await withPasskey();
    const asked = await passwordStep(ctx.app, account.user.email, PASSWORD);
    const noOptions = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey', {
      challenge: asked.challenge,
      response: account.authenticator.assert({ challenge: 'AAAA', rpId: 'semear.test' }),
    });
    expect(noOptions.json().code).toBe('auth.second_factor_challenge_invalid');

    const again = await passwordStep(ctx.app, account.user.email, PASSWORD);
    const options = (await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey/options', { challenge: again.challenge })).json();
    const forged = account.authenticator.assert(options, { signWith: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey });
    const refused = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey', { challenge: again.challenge, response: forged });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth.second_factor_invalid');
    const bad = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor/passkey', {
      challenge: again.challenge,
      response: { type: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('step-up with a passkey, and removing one', () => {
  it('removal needs a fresh second factor; a passkey assertion gives it; the last factor gone takes the recovery codes', async () => {
    const account = await withPasskey();
    const passkeyId = account.registered.passkey.id;
    const refused = await call(ctx.app, 'DELETE', `${FACTOR}/passkeys/${passkeyId}`, undefined, { token: account.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.step_up_required');

    const options = await call(ctx.app, 'POST', '/api/v1/sessions/step-up/passkey/options', undefined, { token: account.token });
    expect(options.statusCode).toBe(200);
    const stepUp = await call(
      ctx.app,
      'POST',
      '/api/v1/sessions/step-up/passkey',
      { response: account.authenticator.assert(options.json()) },
      { token: account.token },
    );
    expect(stepUp.statusCode).toBe(204);

    const otherAccount = await newSession(ctx.app);
    expect((await call(ctx.app, 'DELETE', `${FACTOR}/passkeys/${passkeyId}`, undefined, { token: otherAccount.token })).statusCode).toBe(
      404,
    );
    const removed = await call(ctx.app, 'DELETE', `${FACTOR}/passkeys/${passkeyId}`, undefined, { token: account.token });
    expect(removed.statusCode).toBe(204);
    expect(await status(account.token)).toMatchObject({ enrolled: false, passkeys: [], recovery_codes_left: 0 });
    expect((await call(ctx.app, 'POST', '/api/v1/sessions', { email: account.user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('the step-up window closes after 5 minutes', async () => {
    const account = await withPasskey();
    const options = (await call(ctx.app, 'POST', '/api/v1/sessions/step-up/passkey/options', undefined, { token: account.token })).json();
    await call(
      ctx.app,
      'POST',
      '/api/v1/sessions/step-up/passkey',
      { response: account.authenticator.assert(options) },
      { token: account.token },
    );
    ctx.clock.advance(5 * 60_000 + 1000);
    const refresh = await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: account.refresh_token });
    const token = refresh.json().token as string;
    const late = await call(ctx.app, 'POST', `${FACTOR}/recovery-codes`, undefined, { token });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('auth.step_up_required');
  });
});
