import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, messages } from '../../../contracts';
import { clearSessionTokens, getRefreshToken, getToken, storeSessionTokens } from '../../../src/lib/cookies';
import { createApiClient } from '../../../src/lib/http/api-client';
import { ApiRequestError } from '../../../src/lib/http/api-error';
import { fakeApi, type FakeReply, type RecordedRequest } from './fake-adapter';

const expired: FakeReply = { status: 401, data: { message: 'Token expirado', code: errorCodes.tokenExpired } };
const ok = (data: unknown): FakeReply => ({ status: 200, data });

/** GET /things/:n answers 401 token.expired to the old token and 200 to the new one. */
function protectedThings(request: RecordedRequest): FakeReply {
  return request.authorization === 'Bearer access-2' ? ok({ thing: request.url }) : expired;
}

/** A refresh endpoint that answers once the test lets it (to hold a burst in the queue). */
function gatedRefresh(reply: FakeReply) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { open, handler: async () => (await gate, reply) };
}

beforeEach(() => storeSessionTokens({ token: 'access-1', refreshToken: 'refresh-1' }));
afterEach(() => clearSessionTokens());

const rejectionOf = async (promise: Promise<unknown>): Promise<ApiRequestError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
};

describe('api client: headers', () => {
  it('sends the bearer token from the cookie and the UI language, under /api/v1', async () => {
    const api = fakeApi({ 'GET /users/profile': () => ok({}) });
    const client = createApiClient({ adapter: api.adapter });
    client.setLocale('es');
    await client.http.get('/users/profile');
    expect(api.requests[0]).toMatchObject({ authorization: 'Bearer access-1', acceptLanguage: 'es' });
    expect(client.http.defaults.baseURL).toBe('/api/v1');
  });

  it('sends no Authorization header without a token cookie', async () => {
    clearSessionTokens();
    const api = fakeApi({ 'GET /campaigns': () => ok([]) });
    const client = createApiClient({ adapter: api.adapter });
    await client.http.get('/campaigns');
    expect(api.requests[0]?.authorization).toBeUndefined();
    expect(api.requests[0]?.acceptLanguage).toBe('pt');
  });
});

describe('api client: errors', () => {
  it.each([
    [
      { status: 422, data: { message: ['Nome inválido', 'CPF inválido'], code: 'validation.failed' } },
      422,
      'validation.failed',
      ['Nome inválido', 'CPF inválido'],
    ],
    [{ status: 404, data: { message: 'Gift-card não encontrado' } }, 404, undefined, ['Gift-card não encontrado']],
    [{ status: 500, data: 'Internal Server Error' }, 500, undefined, [messages.unknownError.id]],
    [{ status: 409, data: { code: 'conflict' } }, 409, 'conflict', [messages.unknownError.id]],
    [{ status: 400, data: { message: [] } }, 400, undefined, [messages.unknownError.id]],
  ] as const)('normalises %j', async (reply, status, code, list) => {
    const api = fakeApi({ 'POST /things': () => reply });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.post('/things', {}));
    expect({ status: error.status, code: error.code, messages: error.messages }).toEqual({ status, code, messages: list });
  });

  it("keeps a 400's refused fields (the checkout highlights each)", async () => {
    const fields = [{ field: 'contact.cpf', message: 'CPF inválido' }];
    const api = fakeApi({
      'POST /donations': () => ({ status: 400, data: { message: ['CPF inválido'], code: errorCodes.validation, fields } }),
    });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.post('/donations', {}));
    expect(error.fields).toEqual(fields);
  });

  it('normalises a network failure to status 0 and the unknown-error message', async () => {
    const client = createApiClient({
      adapter: () => Promise.reject(new Error('socket hang up')),
    });
    const error = await rejectionOf(client.http.get('/x'));
    expect(error.status).toBe(0);
    expect(error.messages).toEqual([messages.unknownError.id]);
  });
});

describe('api client: token lifecycle', () => {
  it('a burst of 5 token.expired calls refreshes once and retries all with the new token', async () => {
    const refresh = gatedRefresh(ok({ token: 'access-2', refresh_token: 'refresh-2' }));
    const routes: Record<string, (r: RecordedRequest) => FakeReply | Promise<FakeReply>> = {
      'POST /sessions/refresh/token': refresh.handler,
    };
    for (let n = 1; n <= 5; n++) routes[`GET /things/${n}`] = protectedThings;
    const api = fakeApi(routes);
    const client = createApiClient({ adapter: api.adapter });

    const calls = [1, 2, 3, 4, 5].map((n) => client.http.get(`/things/${n}`));
    await expect.poll(() => client.tokenRefresh.getSnapshot().context.queue.length).toBe(5);
    refresh.open();
    const answers = await Promise.all(calls);

    expect(answers.map((a) => a.data)).toEqual([1, 2, 3, 4, 5].map((n) => ({ thing: `/things/${n}` })));
    const refreshes = api.requests.filter((r) => r.url === '/sessions/refresh/token');
    expect(refreshes).toEqual([expect.objectContaining({ body: { refresh_token: 'refresh-1' } })]);
    const retries = api.requests.filter((r) => r.url.startsWith('/things/') && r.authorization === 'Bearer access-2');
    expect(retries).toHaveLength(5);
    expect(getToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('a refresh failure fails every queued call and deletes both cookies', async () => {
    const refresh = gatedRefresh({ status: 401, data: { message: 'Sessão inválida', code: errorCodes.refreshInvalid } });
    const api = fakeApi({ 'POST /sessions/refresh/token': refresh.handler, 'GET /a': protectedThings, 'GET /b': protectedThings });
    const client = createApiClient({ adapter: api.adapter });
    let expiredSignals = 0;
    client.onSessionExpired(() => expiredSignals++);

    const calls = [client.http.get('/a'), client.http.get('/b')].map(rejectionOf);
    await expect.poll(() => client.tokenRefresh.getSnapshot().context.queue.length).toBe(2);
    refresh.open();
    const errors = await Promise.all(calls);

    expect(errors.map((e) => [e.status, e.code])).toEqual([
      [401, errorCodes.tokenExpired],
      [401, errorCodes.tokenExpired],
    ]);
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(expiredSignals).toBe(1);
    // Nothing was retried.
    expect(api.requests.filter((r) => r.url === '/a')).toHaveLength(1);
  });

  it('any other 401 deletes both cookies without refreshing', async () => {
    const api = fakeApi({ 'GET /me': () => ({ status: 401, data: { message: 'Token inválido', code: errorCodes.tokenInvalid } }) });
    const client = createApiClient({ adapter: api.adapter });
    let expiredSignals = 0;
    client.onSessionExpired(() => expiredSignals++);
    const error = await rejectionOf(client.http.get('/me'));
    expect(error.code).toBe(errorCodes.tokenInvalid);
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(api.requests.map((r) => r.url)).toEqual(['/me']);
    expect(expiredSignals).toBe(1);
  });

  it('other statuses are not handled at this level', async () => {
    const api = fakeApi({ 'GET /admin/team': () => ({ status: 403, data: { message: 'Proibido', code: errorCodes.forbidden } }) });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.get('/admin/team'));
    expect(error.status).toBe(403);
    expect(getToken()).toBe('access-1');
  });

  it('a 401 on a call that skips refresh (e.g. wrong password) leaves the session alone', async () => {
    const api = fakeApi({
      'POST /sessions': () => ({ status: 401, data: { message: 'E-mail ou senha incorretos.', code: errorCodes.invalidCredentials } }),
    });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.post('/sessions', {}, { skipAuthRefresh: true }));
    expect(error.code).toBe(errorCodes.invalidCredentials);
    expect(getToken()).toBe('access-1');
  });

  it('a call that left before a finished refresh is retried with the newer token, without refreshing again', async () => {
    const api = fakeApi({ 'GET /late': protectedThings });
    const client = createApiClient({ adapter: api.adapter });
    const call = client.http.get('/late', {
      // The cookie changes while the call is in flight (another call's refresh finished).
      transformRequest: [(data) => (storeSessionTokens({ token: 'access-2', refreshToken: 'refresh-2' }), data)],
    });
    expect((await call).data).toEqual({ thing: '/late' });
    expect(api.requests.map((r) => r.url)).toEqual(['/late', '/late']);
  });

  it('a retried call that gets 401 again fails instead of looping', async () => {
    const api = fakeApi({
      'POST /sessions/refresh/token': () => ok({ token: 'access-2', refresh_token: 'refresh-2' }),
      'GET /stubborn': () => expired,
    });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.get('/stubborn'));
    expect(error.code).toBe(errorCodes.tokenExpired);
    expect(api.requests.map((r) => r.url)).toEqual(['/stubborn', '/sessions/refresh/token', '/stubborn']);
  });

  it('without a refresh cookie the refresh fails at once and the call fails', async () => {
    storeSessionTokens({ token: 'access-1', refreshToken: '' });
    const api = fakeApi({ 'GET /a': protectedThings });
    const client = createApiClient({ adapter: api.adapter });
    const error = await rejectionOf(client.http.get('/a'));
    expect(error.code).toBe(errorCodes.tokenExpired);
    expect(api.requests.map((r) => r.url)).toEqual(['/a']);
    expect(getToken()).toBeUndefined();
  });
});
