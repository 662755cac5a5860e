import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LOCK } from '../../server/auth/sign-in-guard';
import { mailboxFolder } from '../../server/services/mail/mail-transport';
import { signUp } from './helpers/fixtures';
import { readMailbox, resetTokenFrom } from './helpers/mailbox';
import { call, createTestContext, type TestContext } from './helpers/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * The per-account limit on password guessing (issue 48, item 3): wrong passwords for one e-mail count
 * together whatever address they come from, and the count is in the database, shared by every node.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WRONG = 'senha-errada-123';
let lastAddress = 0;
/** Every try from a new client address, as a guesser with many machines would send them. */
const signInFromNewAddress = (email: string, password: string, options: { locale?: string; app?: FastifyInstance } = {}) => {
  lastAddress += 1;
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/api/v1/sessions',
    remoteAddress: `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`,
    headers: options.locale ? { 'accept-language': options.locale } : {},
    payload: { email, password },
  });
};

/** What a caller sees of an answer. */
const seen = (response: { statusCode: number; body: string }) => ({ status: response.statusCode, body: response.body });

async function guessWrong(email: string, times: number, app?: FastifyInstance) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(seen(await signInFromNewAddress(email, WRONG, { ...(app ? { app } : {}) })));
  return answers;
}

/** The mail to this address sent so far (the mail job runs first). */
async function mailTo(email: string) {
  await ctx.app.mailSender.runOnce();
  return readMailbox(mailboxFolder(ctx.dataDir)).filter((mail) => mail.to.includes(email));
}

const LOCKED_PT = {
  code: 'auth.account_locked',
  message:
    'Muitas tentativas de entrar nesta conta. Por segurança, ela ficou bloqueada por alguns minutos. Enviamos um e-mail com um link para redefinir a senha.',
};

describe('per-account limit on wrong passwords', () => {
  it('after 10 wrong passwords from 10 addresses even the right one is refused (429, translated); the owner gets one warning', async () => {
    const { input } = await signUp(ctx.app);
    // The owner last signed in in Spanish: the warning is in Spanish, whatever language the guesser sends.
    expect((await signInFromNewAddress(input.email, input.password, { locale: 'es' })).statusCode).toBe(200);

    const answers = await guessWrong(input.email, SIGN_IN_LOCK.maxFailures);
    expect(answers.every((a) => a.status === 401 && JSON.parse(a.body).code === 'auth.invalid_credentials')).toBe(true);

    const locked = await signInFromNewAddress(input.email, input.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED_PT);
    const english = await signInFromNewAddress(input.email, input.password, { locale: 'en' });
    expect(english.json()).toEqual({
      code: 'auth.account_locked',
      message:
        'Too many attempts to sign in to this account. For security, it has been locked for a few minutes. We sent an e-mail with a link to reset the password.',
    });
    // More tries while locked: refused alike, and no second warning.
    expect((await guessWrong(input.email, 3)).map((a) => a.status)).toEqual([429, 429, 429]);

    const mails = await mailTo(input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Intentos de iniciar sesión en tu cuenta de Semear');
    expect(mails[0]!.text).toContain('durante 15 minutos');
    expect(mails[0]!.text).not.toContain(WRONG);
    expect(resetTokenFrom(mails[0]!)).toBeTruthy();
  });

  it("the warning's reset link ends the lock: the new password signs in at once", async () => {
    const { input } = await signUp(ctx.app);
    await guessWrong(input.email, SIGN_IN_LOCK.maxFailures);
    const [warning] = await mailTo(input.email);
    // An owner who never signed in reads it in Portuguese.
    expect(warning!.subject).toBe('Tentativas de entrar na sua conta do Semear');
    expect(warning!.text).toContain('por 15 minutos');

    const reset = await call(ctx.app, 'POST', '/api/v1/password/reset', {
      token: resetTokenFrom(warning!),
      password: 'nova-senha-do-dono-9',
    });
    expect(reset.statusCode).toBe(204);
    expect((await signInFromNewAddress(input.email, 'nova-senha-do-dono-9')).statusCode).toBe(200);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(401);
  });

  it('a link from "forgot password" ends the lock as well', async () => {
    const { input } = await signUp(ctx.app);
    expect((await call(ctx.app, 'POST', '/api/v1/password/forgot', { email: input.email })).statusCode).toBe(204);
    await ctx.app.afterAnswerSettled();
    const [forgotMail] = await mailTo(input.email);
    await guessWrong(input.email, SIGN_IN_LOCK.maxFailures);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(429);

    expect(
      (await call(ctx.app, 'POST', '/api/v1/password/reset', { token: resetTokenFrom(forgotMail!), password: 'outra-senha-do-dono-8' }))
        .statusCode,
    ).toBe(204);
    expect((await signInFromNewAddress(input.email, 'outra-senha-do-dono-8')).statusCode).toBe(200);
  });

  it('an e-mail without an account gets the very same answers, and no mail goes anywhere', async () => {
    const { input } = await signUp(ctx.app);
    const unknown = `ninguem.${Date.now()}@exemplo.com.br`;
    const known = [
      ...(await guessWrong(input.email, SIGN_IN_LOCK.maxFailures + 1)),
      seen(await signInFromNewAddress(input.email, input.password)),
    ];
    const none = [...(await guessWrong(unknown, SIGN_IN_LOCK.maxFailures + 1)), seen(await signInFromNewAddress(unknown, input.password))];
    expect(none).toEqual(known);
    expect(known.at(-1)!.status).toBe(429);
    expect(JSON.parse(known.at(-1)!.body)).toEqual(LOCKED_PT);
    expect(await mailTo(unknown)).toHaveLength(0);
    expect(await mailTo(input.email)).toHaveLength(1);
  });

  it('the lock ends by itself after 15 minutes; a new lock warns the owner again', async () => {
    const { input } = await signUp(ctx.app);
    await guessWrong(input.email, SIGN_IN_LOCK.maxFailures);
    ctx.clock.advance(SIGN_IN_LOCK.lockMs - 1000);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(429);
    ctx.clock.advance(1000);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(200);

    await guessWrong(input.email, SIGN_IN_LOCK.maxFailures);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(429);
    expect(await mailTo(input.email)).toHaveLength(2);
  });

  it('a right password forgets the wrong ones before it, and so does a window that ran out', async () => {
    const { input } = await signUp(ctx.app);
    const almost = SIGN_IN_LOCK.maxFailures - 1;
    // Were the 9 still counted, one more wrong password would lock the account.
    await guessWrong(input.email, almost);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(200);
    expect(await guessWrong(input.email, 1)).toEqual([expect.objectContaining({ status: 401 })]);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(200);

    await guessWrong(input.email, 1);
    ctx.clock.advance(SIGN_IN_LOCK.windowMs);
    expect((await guessWrong(input.email, almost)).every((a) => a.status === 401)).toBe(true);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(200);
    expect(await mailTo(input.email)).toHaveLength(0);
  });

  it('checks at most 10 passwords of many sent at once, and counts across two API nodes', async () => {
    const { input } = await signUp(ctx.app);
    const otherNode = await ctx.buildAnotherApp();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInFromNewAddress(input.email, WRONG, { app: i % 2 === 0 ? ctx.app : otherNode })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LOCK.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - SIGN_IN_LOCK.maxFailures);
    expect((await signInFromNewAddress(input.email, input.password, { app: otherNode })).statusCode).toBe(429);
    expect((await signInFromNewAddress(input.email, input.password)).statusCode).toBe(429);
    expect(await mailTo(input.email)).toHaveLength(1);
  });
});
