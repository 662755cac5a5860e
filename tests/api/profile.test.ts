import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contracts/user';
import { grantAdmin, newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ACCESS_TOKEN_TTL: '900' });
});
afterAll(() => ctx.close());

const address = {
  country: 'Brasil',
  zip_code: '50030-230',
  state: 'PE',
  city: 'Recife',
  neighborhood: 'Boa Vista',
  street_address: 'Rua da Aurora',
  complement: 'apto 12',
  house_number: '325',
};

describe('GET /api/v1/users/profile', () => {
  it('lists the roles and permissions of an admin as objects, sorted by name', async () => {
    const session = await newSession(ctx.app);
    await grantAdmin(ctx, session.user.id, ['MANAGE_TEAM', 'MANAGE_CAMPAIGNS']);
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    const user = userSchema.parse(response.json());
    expect(user.roles.map((r) => r.name)).toEqual(['ADMIN', 'DONOR']);
    expect(user.permissions.map((p) => p.name)).toEqual(['MANAGE_CAMPAIGNS', 'MANAGE_TEAM']);
    expect(user.permissions.every((p) => typeof p.id === 'string' && p.id.length > 0)).toBe(true);
  });

  it('answers the signed-in user with every field of SPEC §3', async () => {
    const session = await newSession(ctx.app);
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json());
    expect(user.id).toBe(session.user.id);
    expect(user.roles).toEqual([{ id: expect.any(String), name: 'DONOR' }]);
    expect(user.permissions).toEqual([]);
    expect(user).toEqual(session.user);
    expect(user.address).toEqual({
      country: '',
      zip_code: '',
      state: '',
      city: '',
      neighborhood: '',
      street_address: '',
      complement: '',
      house_number: '',
    });
    expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'active',
        'address',
        'avatar',
        'avatar_url',
        'birth_date',
        'birth_date_formatted',
        'cpf',
        'created_at',
        'deleted_at',
        'email',
        'id',
        'inactivated_at',
        'name',
        'permissions',
        'person_type',
        'phone',
        'roles',
        'updated_at',
      ].sort(),
    );
  });

  it('without a token answers 401 token.missing "Token indefinido."', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'token.missing', message: 'Token indefinido.' });
    const english = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { locale: 'en' });
    expect(english.json()).toEqual({ code: 'token.missing', message: 'Token undefined.' });
  });

  it('with an expired token answers 401 token.expired, and only then', async () => {
    const session = await newSession(ctx.app);
    ctx.clock.advance(901 * 1000);
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'token.expired', message: 'Sua sessão expirou. Entre novamente.' });
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    [
      'a token signed with another secret',
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMiLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJlLWRvZXMtbm90LW1hdGNo',
    ],
  ])('with %s answers 401 token.invalid', async (_label, token) => {
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'token.invalid', message: 'Error with authentication token.' });
  });

  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const session = await newSession(ctx.app);
    const [header, , signature] = session.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '00000000-0000-0000-0000-000000000000', exp: 4102444800 })).toString('base64url');
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: `${header}.${forged}.${signature}` });
    expect(response.json().code).toBe('token.invalid');
  });
});

describe('PUT /api/v1/users/profile', () => {
  it('updates name, phone, birth date and address and answers the updated user', async () => {
    const session = await newSession(ctx.app);
    const response = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'Maria José', phone: '+55 81 3222-1234', birth_date: '1988-02-29', address },
      { token: session.token },
    );
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({
      name: 'Maria José',
      phone: '8132221234',
      birth_date: '1988-02-29',
      birth_date_formatted: '29/02/1988',
      address: { ...address, zip_code: '50030230' },
    });
    const again = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    expect(again.json()).toMatchObject({ name: 'Maria José', address: { city: 'Recife' } });
  });

  it('keeps the birth date when absent and clears it with null', async () => {
    const session = await newSession(ctx.app);
    const kept = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'Ana', phone: '11987654321', address: {} },
      { token: session.token },
    );
    expect(kept.json().birth_date).toBe('1990-05-17');
    const cleared = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'Ana', phone: '11987654321', birth_date: null, address: {} },
      { token: session.token },
    );
    expect(cleared.json()).toMatchObject({ birth_date: null, birth_date_formatted: null });
  });

  it('refuses bad fields with 400 in the request language, changing nothing', async () => {
    const session = await newSession(ctx.app);
    const response = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'R2D2', phone: '11987654321', address: { ...address, zip_code: '123' } },
      { token: session.token, locale: 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.arrayContaining(['The name must contain only letters', 'Invalid postal code (CEP)']));
    const profile = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    expect(profile.json().name).toBe('Maria da Silva');
  });

  it('refuses an address with a CEP and no state (the checkout could not reuse it)', async () => {
    const session = await newSession(ctx.app);
    const response = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'Maria José', phone: '11987654321', address: { ...address, state: '' } },
      { token: session.token, locale: 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ['Choose the address state (UF)'], code: 'validation.failed' });
    const empty = await call(
      ctx.app,
      'PUT',
      '/api/v1/users/profile',
      { name: 'Maria José', phone: '11987654321', address: { country: '', zip_code: '', state: '' } },
      { token: session.token },
    );
    expect(empty.statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const response = await call(ctx.app, 'PUT', '/api/v1/users/profile', { name: 'Ana', phone: '11987654321', address: {} });
    expect(response.statusCode).toBe(401);
  });
});
