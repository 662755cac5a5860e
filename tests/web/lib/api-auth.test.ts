import { afterEach, describe, expect, it } from 'vitest';
import { errorCodes, messages } from '../../../contracts';
import { createAuthApi } from '../../../src/lib/api/auth';
import { createAnalyticsApi } from '../../../src/lib/api/analytics';
import { clearSessionTokens, storeSessionTokens } from '../../../src/lib/cookies';
import { createApiClient } from '../../../src/lib/http/api-client';
import { ApiRequestError } from '../../../src/lib/http/api-error';
import { makeUser, pageView } from '../../machines/support/fixtures';
import { fakeApi } from './fake-adapter';

const user = makeUser();

function setup(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  const client = createApiClient({ adapter: api.adapter });
  return { requests: api.requests, auth: createAuthApi(client.http), analytics: createAnalyticsApi(client.http) };
}

afterEach(() => clearSessionTokens());

describe('auth api', () => {
  it('fetchProfile without the token cookie fails with "Token indefinido." and calls nothing', async () => {
    const { auth, requests } = setup({});
    const error = await auth.fetchProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ code: errorCodes.tokenMissing, messages: [messages.tokenUndefined.id] });
    expect(requests).toEqual([]);
  });

  it('fetchProfile parses the user', async () => {
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    const { auth, requests } = setup({ 'GET /users/profile': () => ({ status: 200, data: user }) });
    await expect(auth.fetchProfile()).resolves.toEqual(user);
    expect(requests[0]?.authorization).toBe('Bearer t');
  });

  it('rejects an answer that does not match the contract', async () => {
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    const { auth } = setup({ 'GET /users/profile': () => ({ status: 200, data: { id: 1 } }) });
    await expect(auth.fetchProfile()).rejects.toThrow();
  });

  it('signIn posts the credentials and parses the session', async () => {
    const session = { token: 't', refresh_token: 'r', user };
    const { auth, requests } = setup({ 'POST /sessions': () => ({ status: 200, data: session }) });
    await expect(auth.signIn({ email: 'ana@semear.dev', password: 'segredo-123' })).resolves.toEqual(session);
    expect(requests[0]?.body).toEqual({ email: 'ana@semear.dev', password: 'segredo-123' });
  });

  it('a wrong password is a plain error, not a dead session', async () => {
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    const { auth, requests } = setup({
      'POST /sessions': () => ({ status: 401, data: { message: 'error.invalid_credentials', code: errorCodes.invalidCredentials } }),
    });
    await expect(auth.signIn({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
      code: errorCodes.invalidCredentials,
    });
    expect(requests).toHaveLength(1);
    expect(document.cookie).toContain('semear.token=t');
  });

  it('signUp posts to /users and parses the neutral answer (the account waits for the mailed link)', async () => {
    const accepted = { message: 'Enviamos um e-mail para ana@semear.dev. Abra o link nele para ativar sua conta.' };
    const { auth, requests } = setup({ 'POST /users': () => ({ status: 202, data: accepted }) });
    const input = {
      name: 'Ana Souza',
      email: 'ana@semear.dev',
      password: 'segredo-123',
      phone: '11987654321',
      person_type: 'INDIVIDUAL' as const,
      cpf: '52998224725',
    };
    await expect(auth.signUp(input)).resolves.toEqual(accepted);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/users', body: input });
  });

  it('confirmSignUp posts the mailed token to /users/confirmations and parses the new session', async () => {
    const session = { token: 't', refresh_token: 'r', user };
    const { auth, requests } = setup({ 'POST /users/confirmations': () => ({ status: 201, data: session }) });
    await expect(auth.confirmSignUp('a'.repeat(43))).resolves.toEqual(session);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/users/confirmations', body: { token: 'a'.repeat(43) } });
  });

  it('signOut sends DELETE /sessions with the refresh token, and nothing without one', async () => {
    const { auth, requests } = setup({ 'DELETE /sessions': () => ({ status: 204 }) });
    await auth.signOut();
    expect(requests).toEqual([]);
    storeSessionTokens({ token: 't', refreshToken: 'r-9' });
    await auth.signOut();
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/sessions', body: { refresh_token: 'r-9' } });
  });

  it('updateProfile puts the form and parses the user', async () => {
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    const renamed = makeUser({ name: 'Ana Lima' });
    const { auth, requests } = setup({ 'PUT /users/profile': () => ({ status: 200, data: renamed }) });
    const form = { name: 'Ana Lima', phone: '11987654321', address: {} };
    await expect(auth.updateProfile(form)).resolves.toEqual(renamed);
    expect(requests[0]?.body).toEqual(form);
  });

  it('forgotPassword and resetPassword post their bodies', async () => {
    const { auth, requests } = setup({ 'POST /password/forgot': () => ({ status: 204 }), 'POST /password/reset': () => ({ status: 204 }) });
    await auth.forgotPassword('ana@semear.dev');
    await auth.resetPassword({ token: 'tok', password: 'nova-senha-1' });
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      ['/password/forgot', { email: 'ana@semear.dev' }],
      ['/password/reset', { token: 'tok', password: 'nova-senha-1' }],
    ]);
  });
});

describe('analytics api', () => {
  it('posts the views as {views}', async () => {
    const { analytics, requests } = setup({ 'POST /analytics/page-views': () => ({ status: 204 }) });
    await analytics.sendPageViews([pageView('/'), pageView('/help', 1)]);
    expect(requests[0]).toMatchObject({ url: '/analytics/page-views', body: { views: [pageView('/'), pageView('/help', 1)] } });
  });

  it('drops a batch the API refuses as invalid (sending it again cannot help), but fails on 429 so the queue keeps it', async () => {
    let status = 400;
    const { analytics } = setup({ 'POST /analytics/page-views': () => ({ status, data: { message: 'no', code: 'validation.failed' } }) });
    await expect(analytics.sendPageViews([pageView('/')])).resolves.toBeUndefined();
    status = 429;
    await expect(analytics.sendPageViews([pageView('/')])).rejects.toMatchObject({ name: 'ApiRequestError', status: 429 });
  });
});
