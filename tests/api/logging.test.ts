import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSignUp, newUserInput } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  ctx = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream: stream });
  ctx.app.get('/api/v1/test/boom', async () => {
    throw new Error('database exploded at 0xdeadbeef');
  });
});
afterAll(() => ctx.close());

describe('logs', () => {
  it('never contain passwords, tokens, refresh tokens or the authorization header', async () => {
    const input = newUserInput({ password: 'segredo-muito-secreto-77' });
    await call(ctx.app, 'POST', '/api/v1/users', input);
    await confirmSignUp(ctx.app, input.email);
    const session = (await call(ctx.app, 'POST', '/api/v1/sessions', { email: input.email, password: input.password })).json();
    const rotated = (await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: session.refresh_token })).json();
    await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: rotated.token });
    await call(ctx.app, 'POST', '/api/v1/password/forgot', { email: input.email });
    await ctx.app.afterAnswerSettled();
    await ctx.app.mailSender.runOnce();
    // The reset page itself carries the token in its query string.
    await call(ctx.app, 'GET', '/reset-password?token=TOKEN-IN-THE-URL-123&lang=pt', undefined, { headers: { accept: 'text/html' } });
    await call(ctx.app, 'POST', '/api/v1/users', {
      ...newUserInput(),
      password: 'outro-segredo-88',
      card_number: '4111111111111111',
      cvv: '123',
    });
    await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: rotated.refresh_token });

    expect(logs).toContain('"url":"/api/v1/users/profile"');
    expect(logs).toContain('token=%5Bredacted%5D');
    for (const secret of [
      'segredo-muito-secreto-77',
      'outro-segredo-88',
      session.token,
      session.refresh_token,
      rotated.token,
      rotated.refresh_token,
      'TOKEN-IN-THE-URL-123',
      '4111111111111111',
      'Bearer ',
    ]) {
      expect(logs, `logs contain ${secret}`).not.toContain(secret);
    }
  });

  it('logs unexpected errors and answers 500 "Erro desconhecido." without details', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal', message: 'Erro desconhecido.' });
    expect(logs).toContain('database exploded at 0xdeadbeef');
    const english = await call(ctx.app, 'GET', '/api/v1/test/boom', undefined, { locale: 'en' });
    expect(english.json().message).toBe('Unknown error.');
  });
});
