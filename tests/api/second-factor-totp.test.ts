import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_ACCOUNT_LIMIT, SECOND_FACTOR_CHALLENGE_TTL_S, secondFactorStatusSchema } from '../../contracts/second-factor';
import { recoveryCodes, secondFactorChallenges, totpFactors, userSessions } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { completeWithCode, enrolTotp, passwordStep, sessionOf, totpCode } from './helpers/second-factor';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const FACTOR = '/api/v1/users/profile/second-factor';
const status = async (token: string) => secondFactorStatusSchema.parse((await call(ctx.app, 'GET', FACTOR, undefined, { token })).json());
const sessionIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
/** Each test's codes come from steps no earlier test spent. */
const nextStep = () => ctx.clock.advance(30_000);

/** A donor with the authenticator app on, signed in by the sign-up's link (no second factor in that session). */
async function enrolled() {
  const session = await newSession(ctx.app);
  const { secret, recoveryCodes: codes } = await enrolTotp(ctx.app, ctx.clock, session.token);
  nextStep();
  return { ...session, secret, codes };
}

describe('enrolling an authenticator app', () => {
  it('gives a pending secret, turned on by its first code with 10 recovery codes; only encrypted and hashed forms are kept', async () => {
    const session = await newSession(ctx.app);
    expect(await status(session.token)).toEqual({ totp: null, passkeys: [], recovery_codes_left: 0, enrolled: false, required: false });

    const started = await call(ctx.app, 'POST', `${FACTOR}/totp`, undefined, { token: session.token });
    expect(started.statusCode).toBe(201);
    const { secret, otpauth_url: url } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(url).toMatch(/^otpauth:\/\/totp\/Semear:/);
    expect(url).toContain(`secret=${secret}`);
    // Pending: not a factor yet, and the sign-in still takes the password alone.
    expect((await status(session.token)).enrolled).toBe(false);

    const wrong = await call(ctx.app, 'POST', `${FACTOR}/totp/confirm`, { code: '000000' }, { token: session.token, locale: 'en' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'auth.second_factor_invalid', message: 'Wrong code. Check it and try again.' });

    const confirmed = await call(
      ctx.app,
      'POST',
      `${FACTOR}/totp/confirm`,
      { code: await totpCode(secret, ctx.clock) },
      { token: session.token },
    );
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const now = await status(session.token);
    expect(now).toMatchObject({ enrolled: true, recovery_codes_left: 10, passkeys: [] });
    expect(now.totp?.created_at).toEqual(expect.any(String));

    const [factor] = await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.userId, session.user.id));
    expect(factor!.secretCiphertext).not.toContain(secret);
    const hashes = await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, session.user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash);
    }

    // A second app while one is on: 409.
    const again = await call(ctx.app, 'POST', `${FACTOR}/totp`, undefined, { token: session.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('auth.totp_already_enabled');
  });

  it('refuses bad input with a translated 400 and writes nothing; a confirmation without a start is 409', async () => {
    const session = await newSession(ctx.app);
    const early = await call(ctx.app, 'POST', `${FACTOR}/totp/confirm`, { code: '123456' }, { token: session.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('auth.totp_not_pending');
    await call(ctx.app, 'POST', `${FACTOR}/totp`, undefined, { token: session.token });
    for (const code of ['12ab56', '', '1234567']) {
      const response = await call(ctx.app, 'POST', `${FACTOR}/totp/confirm`, { code }, { token: session.token, locale: 'es' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation.failed');
    }
    const bad = await call(ctx.app, 'POST', `${FACTOR}/totp/confirm`, { code: 'abc' }, { token: session.token, locale: 'es' });
    expect(bad.json().message).toEqual(['Escriba los 6 números de la aplicación de autenticación']);
    const [factor] = await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.userId, session.user.id));
    expect(factor!.confirmedAt).toBeNull();
    expect(await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, session.user.id))).toEqual([]);
  });

  it('needs a bearer token: 401 without one', async () => {
    for (const [method, url] of [
      ['GET', FACTOR],
      ['POST', `${FACTOR}/totp`],
      ['POST', `${FACTOR}/totp/confirm`],
      ['DELETE', `${FACTOR}/totp`],
      ['POST', `${FACTOR}/recovery-codes`],
      ['POST', '/api/v1/sessions/step-up'],
    ] as const) {
      const response = await call(ctx.app, method, url, method === 'POST' ? { code: '123456' } : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('token.missing');
    }
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the second factor after the password, then signs in with a session that has proved it', async () => {
    const account = await enrolled();
    const asked = await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42', 'en');
    expect(asked.methods).toEqual(['totp', 'recovery_code']);
    expect(asked.message).toContain('authenticator app');
    // Only the challenge's hash is kept.
    const rows = await ctx.database.db.select().from(secondFactorChallenges).where(eq(secondFactorChallenges.userId, account.user.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(asked.challenge);

    const session = sessionOf(await completeWithCode(ctx.app, asked.challenge, await totpCode(account.secret, ctx.clock)));
    expect(session.user.id).toBe(account.user.id);
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token })).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, sessionIdOf(session.token)));
    expect(row!.secondFactorAt).toEqual(ctx.clock.now());
    // The challenge is spent.
    const reused = await completeWithCode(ctx.app, asked.challenge, await totpCode(account.secret, ctx.clock));
    expect(reused.json().code).toBe('auth.second_factor_challenge_invalid');
  });

  it('refuses a code already accepted, even within its window, and takes one step of drift either way', async () => {
    const account = await enrolled();
    const code = await totpCode(account.secret, ctx.clock);
    sessionOf(await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, code));
    const replay = await completeWithCode(
      ctx.app,
      (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge,
      code,
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.second_factor_invalid');

    // A phone one step ahead, then (three steps later) one step behind.
    const ahead = await totpCode(account.secret, ctx.clock, 1);
    sessionOf(await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, ahead));
    ctx.clock.advance(90_000);
    const behind = await totpCode(account.secret, ctx.clock, -1);
    sessionOf(await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, behind));
    // Two steps off is too far.
    nextStep();
    const far = await totpCode(account.secret, ctx.clock, 2);
    const refused = await completeWithCode(
      ctx.app,
      (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge,
      far,
    );
    expect(refused.json().code).toBe('auth.second_factor_invalid');
  });

  it('kills a challenge at its 5th wrong code, and lets it expire after 5 minutes', async () => {
    const account = await enrolled();
    const { challenge } = await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await completeWithCode(ctx.app, challenge, '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('auth.second_factor_invalid');
    }
    const killed = await completeWithCode(ctx.app, challenge, await totpCode(account.secret, ctx.clock));
    expect(killed.statusCode).toBe(401);
    expect(killed.json().code).toBe('auth.second_factor_challenge_invalid');

    const late = await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42');
    ctx.clock.advance(SECOND_FACTOR_CHALLENGE_TTL_S * 1000);
    const expired = await completeWithCode(ctx.app, late.challenge, await totpCode(account.secret, ctx.clock));
    expect(expired.json().code).toBe('auth.second_factor_challenge_invalid');
  });

  it('limits wrong codes per account across challenges: 429 past 10 in 15 minutes, even for the right code', async () => {
    const account = await enrolled();
    // 4 + 4 + 2 wrong codes on three challenges, none of them killed: only the account's count stops the guessing.
    let challenge = '';
    for (const wrongCodes of [4, 4, 2]) {
      ({ challenge } = await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42'));
      for (let i = 0; i < wrongCodes; i += 1) {
        expect((await completeWithCode(ctx.app, challenge, '000000')).json().code).toBe('auth.second_factor_invalid');
      }
    }
    expect(SECOND_FACTOR_ACCOUNT_LIMIT.maxWrong).toBe(10);
    const locked = await completeWithCode(ctx.app, challenge, await totpCode(account.secret, ctx.clock));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'auth.second_factor_locked' });
    // Step-up counts against the same limit.
    const stepUp = await call(ctx.app, 'POST', '/api/v1/sessions/step-up', { code: '000000' }, { token: account.token });
    expect(stepUp.statusCode).toBe(429);

    ctx.clock.advance(SECOND_FACTOR_ACCOUNT_LIMIT.windowS * 1000);
    const after = await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42');
    sessionOf(await completeWithCode(ctx.app, after.challenge, await totpCode(account.secret, ctx.clock)));
  });

  it('refuses bad input with 400 and an unknown challenge with 401', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor', { challenge: '', code: '12' }, { locale: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['Sign in again with your e-mail and password', "Enter the app's 6 digits or a recovery code"]);
    const unknown = await completeWithCode(ctx.app, 'x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('auth.second_factor_challenge_invalid');
  });
});

describe('recovery codes', () => {
  it('each signs in once (case, spaces and hyphens do not matter), and the count goes down', async () => {
    const account = await enrolled();
    const [first, second] = account.codes as [string, string];
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    sessionOf(await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, typed));
    const again = await completeWithCode(
      ctx.app,
      (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge,
      first,
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.second_factor_invalid');
    sessionOf(await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, second));
    expect((await status(account.token)).recovery_codes_left).toBe(8);
  });

  it('a new set needs a fresh second factor (step-up), replaces the old set entirely', async () => {
    const account = await enrolled();
    const refused = await call(ctx.app, 'POST', `${FACTOR}/recovery-codes`, undefined, { token: account.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.step_up_required');

    const wrongStepUp = await call(ctx.app, 'POST', '/api/v1/sessions/step-up', { code: '000000' }, { token: account.token });
    expect(wrongStepUp.statusCode).toBe(401);
    expect(wrongStepUp.json().code).toBe('auth.second_factor_invalid');
    const stepUp = await call(
      ctx.app,
      'POST',
      '/api/v1/sessions/step-up',
      { code: await totpCode(account.secret, ctx.clock) },
      { token: account.token },
    );
    expect(stepUp.statusCode).toBe(204);

    const renewed = await call(ctx.app, 'POST', `${FACTOR}/recovery-codes`, undefined, { token: account.token });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(account.codes[0]);
    const old = await completeWithCode(
      ctx.app,
      (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge,
      account.codes[0]!,
    );
    expect(old.json().code).toBe('auth.second_factor_invalid');
    sessionOf(
      await completeWithCode(ctx.app, (await passwordStep(ctx.app, account.user.email, 'girassol-amarelo-42')).challenge, fresh[0]!),
    );
  });

  it('an account without a factor has none to renew: 409', async () => {
    const session = await newSession(ctx.app);
    const response = await call(ctx.app, 'POST', `${FACTOR}/recovery-codes`, undefined, { token: session.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('auth.second_factor_not_enrolled');
  });
});

describe('removing the authenticator app', () => {
  it('needs a fresh second factor; afterwards the password alone signs in and the recovery codes are gone', async () => {
    const account = await enrolled();
    const refused = await call(ctx.app, 'DELETE', `${FACTOR}/totp`, undefined, { token: account.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.step_up_required');
    expect((await status(account.token)).enrolled).toBe(true);

    // A recovery code steps up too (the app may be what was lost).
    const stepUp = await call(ctx.app, 'POST', '/api/v1/sessions/step-up', { code: account.codes[3] }, { token: account.token });
    expect(stepUp.statusCode).toBe(204);
    const removed = await call(ctx.app, 'DELETE', `${FACTOR}/totp`, undefined, { token: account.token });
    expect(removed.statusCode).toBe(204);
    expect(await status(account.token)).toMatchObject({ totp: null, enrolled: false, recovery_codes_left: 0 });
    const signIn = await call(ctx.app, 'POST', '/api/v1/sessions', { email: account.user.email, password: 'girassol-amarelo-42' });
    expect(signIn.statusCode).toBe(200);
    const again = await call(ctx.app, 'DELETE', `${FACTOR}/totp`, undefined, { token: account.token });
    expect(again.statusCode).toBe(404);
  });
});
