import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshedTokensSchema, sessionSchema } from '../../contracts/user';
import { refreshTokens, users } from '../../server/db/schema';
import { newSession, signUp } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const refresh = (refreshToken: string) => call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: refreshToken });
const profile = (token: string) => call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token });

describe('POST /api/v1/sessions (sign-in)', () => {
  it('answers token, refresh_token and the user; the token opens the profile', async () => {
    const { input } = await signUp(ctx.app);
    const response = await call(ctx.app, 'POST', '/api/v1/sessions', { email: input.email.toUpperCase(), password: input.password });
    expect(response.statusCode).toBe(200);
    const session = sessionSchema.parse(response.json());
    expect(session.user.email).toBe(input.email);
    expect(session.refresh_token).toMatch(/^[\w-]{43}$/);
    expect((await profile(session.token)).statusCode).toBe(200);
    // Only the hash of the refresh token is stored (besides the one the sign-up's link signed in with).
    const rows = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toContain(session.refresh_token);
    }
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'senha-errada-123' })],
    ['an unknown e-mail', () => ({ email: 'ninguem@exemplo.com.br', password: 'girassol-amarelo-42' })],
  ])('refuses %s with 401 auth.invalid_credentials', async (_label, body) => {
    const { input } = await signUp(ctx.app);
    const response = await call(ctx.app, 'POST', '/api/v1/sessions', body(input.email), { locale: 'es' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'auth.invalid_credentials', message: 'Correo electrónico o contraseña incorrectos.' });
  });

  it('refuses a deactivated account with 403 auth.user_inactive', async () => {
    const { input, user } = await signUp(ctx.app);
    await ctx.database.db.update(users).set({ active: false, inactivatedAt: new Date() }).where(eq(users.id, user.id));
    const response = await call(ctx.app, 'POST', '/api/v1/sessions', { email: input.email, password: input.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.user_inactive');
  });

  it('validates the body: 400 with translated messages', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/sessions', { email: 'x', password: '' }, { locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation.failed', message: ['Invalid e-mail', 'Password is required'] });
  });
});

describe('POST /api/v1/sessions/refresh/token', () => {
  it('rotates: a new access token and a new refresh token, the old one spent', async () => {
    const session = await newSession(ctx.app);
    const response = await refresh(session.refresh_token);
    expect(response.statusCode).toBe(200);
    const rotated = refreshedTokensSchema.parse(response.json());
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect((await profile(rotated.token)).statusCode).toBe(200);
    const next = await refresh(rotated.refresh_token);
    expect(next.statusCode).toBe(200);
  });

  it('a reused refresh token answers 401 refresh.reused and revokes the whole family', async () => {
    const session = await newSession(ctx.app);
    const first = refreshedTokensSchema.parse((await refresh(session.refresh_token)).json());
    const second = refreshedTokensSchema.parse((await refresh(first.refresh_token)).json());

    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'refresh.reused', message: 'Sessão inválida. Entre novamente.' });

    // The newest token of the family, never used, stops working too.
    const newest = await refresh(second.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect(newest.json().code).toBe('refresh.invalid');
  });

  it('leaves the other sessions (families) of the user alone when one is reused', async () => {
    const { input } = await signUp(ctx.app);
    const phone = (await call(ctx.app, 'POST', '/api/v1/sessions', { email: input.email, password: input.password })).json();
    const laptop = (await call(ctx.app, 'POST', '/api/v1/sessions', { email: input.email, password: input.password })).json();
    await refresh(phone.refresh_token);
    await refresh(phone.refresh_token);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown token with 401 refresh.invalid', async () => {
    const response = await refresh('not-a-real-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('refresh.invalid');
  });

  it('refuses a refresh token older than 30 days', async () => {
    const session = await newSession(ctx.app);
    ctx.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    const response = await refresh(session.refresh_token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('refresh.invalid');
  });

  it('refuses a missing refresh_token with 400', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation.failed', message: ['O token é obrigatório'] });
  });
});

describe('DELETE /api/v1/sessions (sign-out)', () => {
  it('answers 204 and revokes the refresh family', async () => {
    const session = await newSession(ctx.app);
    const rotated = (await refresh(session.refresh_token)).json();
    const response = await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: rotated.refresh_token });
    expect(response.statusCode).toBe(204);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('answers 204 for an unknown token too (sign-out is idempotent)', async () => {
    const response = await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: 'whatever' });
    expect(response.statusCode).toBe(204);
  });
});
