import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_INTERVAL_MS } from '../../server/auth/password-reset';
import { mailboxFolder } from '../../server/services/mail/mail-transport';
import { newSession, signUp } from './helpers/fixtures';
import { readMailbox, resetTokenFrom } from './helpers/mailbox';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Asks for a reset link, runs the mail job once and reads the link from the .eml file. */
async function requestResetLink(email: string, locale = 'pt') {
  const before = readMailbox(mailboxFolder(ctx.dataDir)).length;
  const response = await call(ctx.app, 'POST', '/api/v1/password/forgot', { email }, { locale });
  expect(response.statusCode).toBe(204);
  // The link is made and the mail queued after the answer.
  await ctx.app.afterAnswerSettled();
  await ctx.app.mailSender.runOnce();
  const mails = readMailbox(mailboxFolder(ctx.dataDir));
  expect(mails).toHaveLength(before + 1);
  const mail = mails[mails.length - 1]!;
  const token = resetTokenFrom(mail);
  expect(token).toBeTruthy();
  return { mail, token: token as string };
}

const reset = (token: string, password: string, locale?: string) =>
  call(ctx.app, 'POST', '/api/v1/password/reset', { token, password }, { locale });
const signIn = (email: string, password: string) => call(ctx.app, 'POST', '/api/v1/sessions', { email, password });

describe('password reset through the embedded mailbox', () => {
  it('mails a link to PUBLIC_URL/reset-password; the new password works, the old does not, every session ends', async () => {
    const session = await newSession(ctx.app);
    const otherDevice = (await signIn(session.input.email, session.input.password)).json();
    const { mail, token } = await requestResetLink(session.input.email);

    expect(mail.to).toContain(session.input.email);
    expect(mail.subject).toBe('Redefina sua senha do Semear');
    expect(mail.text).toContain('Olá, Maria!');
    expect(mail.text).toContain(`http://semear.test/reset-password?token=${token}`);
    expect(mail.raw).toMatch(/^From: Semear <nao-responda@semear\.dev>/m);

    const response = await reset(token, 'nova-senha-girassol-7');
    expect(response.statusCode).toBe(204);
    expect((await signIn(session.input.email, 'nova-senha-girassol-7')).statusCode).toBe(200);
    expect((await signIn(session.input.email, session.input.password)).statusCode).toBe(401);
    for (const refreshToken of [session.refresh_token, otherDevice.refresh_token]) {
      expect((await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: refreshToken })).statusCode).toBe(401);
    }
    // Their access tokens stop at once too, not when they run out (issue 49: sessions).
    for (const token of [session.token, otherDevice.token]) {
      const profile = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().code).toBe('token.invalid');
    }
  });

  it('writes the mail in the language of the request', async () => {
    const { input } = await signUp(ctx.app);
    const english = await requestResetLink(input.email, 'en');
    expect(english.mail.subject).toBe('Reset your Semear password');
    expect(english.mail.text).toContain('It is valid for 1 hour');
    ctx.clock.advance(RESET_MAIL_INTERVAL_MS);
    const spanish = await requestResetLink(input.email, 'es-AR');
    expect(spanish.mail.subject).toBe('Restablece tu contraseña de Semear');
  });

  it('a link works once', async () => {
    const { input } = await signUp(ctx.app);
    const { token } = await requestResetLink(input.email);
    expect((await reset(token, 'primeira-troca-de-senha')).statusCode).toBe(204);
    const again = await reset(token, 'segunda-troca-de-senha', 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'reset.invalid', message: 'This reset link is invalid or has expired. Request a new one.' });
  });

  it('a link expires after one hour', async () => {
    const { input } = await signUp(ctx.app);
    const { token } = await requestResetLink(input.email);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    const response = await reset(token, 'tarde-demais-para-isso');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('reset.invalid');
    expect((await signIn(input.email, input.password)).statusCode).toBe(200);
  });

  it('using one link spends the older links of the same user', async () => {
    const { input } = await signUp(ctx.app);
    const older = await requestResetLink(input.email);
    ctx.clock.advance(RESET_MAIL_INTERVAL_MS);
    const newer = await requestResetLink(input.email);
    expect((await reset(newer.token, 'senha-do-link-novo')).statusCode).toBe(204);
    expect((await reset(older.token, 'senha-do-link-velho')).statusCode).toBe(400);
  });

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const before = readMailbox(mailboxFolder(ctx.dataDir)).length;
    const response = await call(ctx.app, 'POST', '/api/v1/password/forgot', { email: 'ninguem@exemplo.com.br' });
    expect(response.statusCode).toBe(204);
    await ctx.app.afterAnswerSettled();
    await ctx.app.mailSender.runOnce();
    expect(readMailbox(mailboxFolder(ctx.dataDir))).toHaveLength(before);
  });

  it('answers a known and an unknown e-mail alike; the link still comes for the known one', async () => {
    const { input } = await signUp(ctx.app);
    const before = readMailbox(mailboxFolder(ctx.dataDir)).length;
    const answers = [];
    for (const email of [input.email, 'ninguem@exemplo.com.br']) {
      const response = await call(ctx.app, 'POST', '/api/v1/password/forgot', { email });
      answers.push({ status: response.statusCode, body: response.body, cache: response.headers['cache-control'] });
    }
    expect(answers[0]).toEqual({ status: 204, body: '', cache: 'no-store' });
    expect(answers[1]).toEqual(answers[0]);
    await ctx.app.afterAnswerSettled();
    await ctx.app.mailSender.runOnce();
    const mails = readMailbox(mailboxFolder(ctx.dataDir));
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([expect.stringContaining(input.email)]);
  });

  it('refuses a common or short new password with 400, keeping the link usable', async () => {
    const { input } = await signUp(ctx.app);
    const { token } = await requestResetLink(input.email);
    const common = await reset(token, 'iloveyou');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'validation.failed', message: ['Esta senha é muito comum. Escolha outra.'] });
    const short = await reset(token, 'abc', 'en');
    expect(short.json()).toEqual({ code: 'validation.failed', message: ['The password must be at least 8 characters long'] });
    expect((await reset(token, 'agora-uma-senha-boa')).statusCode).toBe(204);
  });

  it('refuses an unknown token and a bad e-mail', async () => {
    expect((await reset('made-up-token', 'uma-senha-qualquer-9')).json().code).toBe('reset.invalid');
    const bad = await call(ctx.app, 'POST', '/api/v1/password/forgot', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'validation.failed', message: ['E-mail inválido'] });
  });
});

describe('a flood of reset requests (issue 48, item 4)', () => {
  const forgotFrom = (remoteAddress: string, email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/password/forgot', remoteAddress, payload: { email } });
  /** What a caller sees of an answer. */
  const seen = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
    status: response.statusCode,
    body: response.body,
    cache: response.headers['cache-control'],
  });
  /** Requests for one e-mail from 10 addresses, all at once; the answers, once the work after them is done. */
  async function flood(email: string, requests = 50) {
    const answers = await Promise.all(Array.from({ length: requests }, (_, i) => forgotFrom(`203.0.113.${(i % 10) + 1}`, email)));
    await ctx.app.afterAnswerSettled();
    await ctx.app.mailSender.runOnce();
    return answers.map(seen);
  }
  const mailTo = (email: string) => readMailbox(mailboxFolder(ctx.dataDir)).filter((mail) => mail.to.includes(email));

  it('sends one mail per account in 5 minutes, whose link works; every answer is the same, known e-mail or not', async () => {
    const { input } = await signUp(ctx.app);
    const known = await flood(input.email);
    const unknown = await flood(`ninguem.${Date.now()}@exemplo.com.br`);
    expect(new Set([...known, ...unknown].map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 204, body: '', cache: 'no-store' })]),
    );
    const mails = mailTo(input.email);
    expect(mails).toHaveLength(1);

    // A minute later the link mailed is still the one that works: no newer one was made unmailed.
    ctx.clock.advance(60_000);
    await flood(input.email, 10);
    expect(mailTo(input.email)).toHaveLength(1);
    expect((await reset(resetTokenFrom(mails[0]!)!, 'senha-depois-da-enxurrada')).statusCode).toBe(204);
    expect((await signIn(input.email, 'senha-depois-da-enxurrada')).statusCode).toBe(200);
  });

  it('mails again once 5 minutes have passed since the last mail', async () => {
    const { input } = await signUp(ctx.app);
    await flood(input.email, 10);
    ctx.clock.advance(RESET_MAIL_INTERVAL_MS - 1000);
    await flood(input.email, 10);
    expect(mailTo(input.email)).toHaveLength(1);
    ctx.clock.advance(1000);
    await flood(input.email, 10);
    const mails = mailTo(input.email);
    expect(mails).toHaveLength(2);
    // Both links work until one is used.
    expect((await reset(resetTokenFrom(mails[0]!)!, 'senha-do-primeiro-link')).statusCode).toBe(204);
  });
});
