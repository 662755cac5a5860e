import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contracts/user';
import { users } from '../../server/db/schema';
import { newUserInput, signUp } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe('POST /api/v1/users (sign-up)', () => {
  it('creates a donor and answers 201 with the profile shape', async () => {
    const input = newUserInput({ email: 'Maria.Cadastro@Exemplo.com.br' });
    const response = await call(ctx.app, 'POST', '/api/v1/users', input);
    expect(response.statusCode).toBe(201);
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({
      name: 'Maria da Silva',
      email: 'maria.cadastro@exemplo.com.br',
      person_type: 'INDIVIDUAL',
      cpf: '52998224725',
      phone: '11987654321',
      birth_date: '1990-05-17',
      birth_date_formatted: '17/05/1990',
      active: true,
      avatar: null,
      deleted_at: null,
      roles: [{ name: 'DONOR' }],
      permissions: [],
    });
    expect(response.json()).not.toHaveProperty('cnpj');
    expect(response.json()).not.toHaveProperty('password_hash');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('registers a company with an alphanumeric CNPJ and answers cnpj instead of cpf', async () => {
    const { user } = await signUp(ctx.app, {
      person_type: 'COMPANY',
      cpf: undefined,
      cnpj: '12.ABC.345/01DE-35',
      name: 'Padaria Pão Quente',
    });
    expect(user.cnpj).toBe('12ABC34501DE35');
    expect(user).not.toHaveProperty('cpf');
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['empty name', { name: '' }, 'O nome é obrigatório', 'Name is required'],
    ['name with digits', { name: 'Maria 2' }, 'O nome deve conter apenas letras', 'The name must contain only letters'],
    ['bad e-mail', { email: 'maria@' }, 'E-mail inválido', 'Invalid e-mail'],
    ['missing e-mail', { email: undefined }, 'O e-mail é obrigatório', 'E-mail is required'],
    [
      'short password',
      { password: 'curta' },
      'A senha deve ter pelo menos 8 caracteres',
      'The password must be at least 8 characters long',
    ],
    [
      'long password',
      { password: 'x'.repeat(129) },
      'A senha deve ter no máximo 128 caracteres',
      'The password must be at most 128 characters long',
    ],
    [
      'common password',
      { password: 'password1' },
      'Esta senha é muito comum. Escolha outra.',
      'This password is too common. Choose another one.',
    ],
    ['bad person type', { person_type: 'ROBOT' }, 'Escolha pessoa física ou jurídica', 'Choose individual or company'],
    ['bad CPF', { cpf: '123.456.789-00' }, 'CPF inválido', 'Invalid CPF'],
    ['missing CPF', { cpf: undefined }, 'O CPF é obrigatório', 'CPF is required'],
    ['company without CNPJ', { person_type: 'COMPANY', cnpj: undefined }, 'O CNPJ é obrigatório', 'CNPJ is required'],
    ['bad CNPJ', { person_type: 'COMPANY', cnpj: '12ABC34501DE36' }, 'CNPJ inválido', 'Invalid CNPJ'],
    ['bad phone', { phone: '1234' }, 'Telefone inválido', 'Invalid phone number'],
    ['future birth date', { birth_date: '2999-01-01' }, 'Data de nascimento inválida', 'Invalid date of birth'],
  ];

  it.each(badInputs)('refuses %s with 400 and a translated message, writing nothing', async (_label, change, pt, en) => {
    const before = await userCount();
    const input = { ...newUserInput(), ...change };
    const inPortuguese = await call(ctx.app, 'POST', '/api/v1/users', input);
    expect(inPortuguese.statusCode).toBe(400);
    expect(inPortuguese.json()).toEqual({ code: 'validation.failed', message: [pt] });
    const inEnglish = await call(ctx.app, 'POST', '/api/v1/users', input, { locale: 'en-US,en;q=0.9' });
    expect(inEnglish.json()).toEqual({ code: 'validation.failed', message: [en] });
    expect(await userCount()).toBe(before);
  });

  it('lists every problem of a bad form at once', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/users', { ...newUserInput(), name: '', phone: '1', cpf: '1' }, { locale: 'es' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.arrayContaining(['El nombre es obligatorio', 'Teléfono no válido', 'CPF no válido']));
  });

  it('answers a body that is not JSON object with 400 "Dados inválidos"', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation.failed', message: 'Dados inválidos' });
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
    const input = newUserInput();
    const answers = await Promise.all([call(ctx.app, 'POST', '/api/v1/users', input), call(ctx.app, 'POST', '/api/v1/users', input)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a second account with the same e-mail (any case) with 409', async () => {
    const { input } = await signUp(ctx.app);
    const before = await userCount();
    const response = await call(ctx.app, 'POST', '/api/v1/users', newUserInput({ email: input.email.toUpperCase() }), { locale: 'en' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'user.email_taken', message: 'An account with this e-mail already exists.' });
    expect(await userCount()).toBe(before);
  });
});
