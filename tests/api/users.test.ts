import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_CONFIRMATION_TTL_S, SIGN_UP_MAIL_INTERVAL_S } from '../../contracts/constants';
import { sessionSchema, signUpSchema, userSchema } from '../../contracts/user';
import { mailOutbox, pendingSignUps, users } from '../../server/db/schema';
import { insertUser } from '../../server/users/users-repository';
import { confirmSignUp, newUserInput, signUp } from './helpers/fixtures';
import { signUpTokenFrom } from './helpers/mailbox';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const countOf = async (table: typeof users | typeof pendingSignUps | typeof mailOutbox) =>
  (await db().select({ n: count() }).from(table))[0]?.n ?? 0;
/** What a sign-up may write: accounts, pending sign-ups and mail. */
const written = async () => ({ users: await countOf(users), pending: await countOf(pendingSignUps), mail: await countOf(mailOutbox) });
/** The mail queued to an address, oldest first, once the work after the answers is done. */
async function mailTo(email: string) {
  await ctx.app.afterAnswerSettled();
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
const postSignUp = (body: unknown, locale?: string) => call(ctx.app, 'POST', '/api/v1/users', body, { locale });
const confirm = (token: string, locale?: string) => call(ctx.app, 'POST', '/api/v1/users/confirmations', { token }, { locale });
const signIn = (email: string, password: string) => call(ctx.app, 'POST', '/api/v1/sessions', { email, password });
/** The answer as a caller sees it: status, body and caching. */
const seen = (response: Awaited<ReturnType<typeof postSignUp>>) => ({
  status: response.statusCode,
  body: response.json(),
  cache: response.headers['cache-control'],
});

describe('POST /api/v1/users (sign-up): confirmed by e-mail, the same answer whoever owns the address', () => {
  it('answers a free address 202 and mails a link; the link creates the donor and signs them in', async () => {
    const input = newUserInput({ email: 'Maria.Cadastro@Exemplo.com.br' });
    const before = await written();
    const response = await postSignUp(input);
    expect(seen(response)).toEqual({
      status: 202,
      body: { message: 'Enviamos um e-mail para maria.cadastro@exemplo.com.br. Abra o link nele para ativar sua conta.' },
      cache: 'no-store',
    });
    const [mail, ...more] = await mailTo(input.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Confirme seu e-mail para criar sua conta no Semear');
    expect(mail?.text).toContain('Olá, Maria!');
    expect(mail?.text).toMatch(/Ativar minha conta: http:\/\/semear\.test\/signup\/confirm\?token=[\w-]+\n/);
    // No account until the link is opened: signing in reads as for an unknown address.
    expect(await written()).toEqual({ ...before, pending: before.pending + 1, mail: before.mail + 1 });
    expect(seen(await signIn(input.email, input.password))).toEqual(seen(await signIn('ninguem.mesmo@exemplo.com.br', input.password)));

    const opened = await confirm(signUpTokenFrom(mail!.text)!);
    expect(opened.statusCode).toBe(201);
    expect(opened.headers['cache-control']).toBe('no-store');
    const session = sessionSchema.parse(opened.json());
    expect(session.user).toMatchObject({
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
    expect(opened.json().user).not.toHaveProperty('cnpj');
    expect(opened.json().user).not.toHaveProperty('password_hash');
    const [row] = await db().select().from(users).where(eq(users.id, session.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The session works, and so does the password chosen at sign-up.
    const profile = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    expect(userSchema.parse(profile.json()).id).toBe(session.user.id);
    expect((await signIn(input.email, input.password)).statusCode).toBe(200);
    expect(await written()).toMatchObject({ users: before.users + 1, pending: before.pending });
  });

  it('answers an address with an account exactly as a free one, changes nothing and tells the owner once', async () => {
    const email = newUserInput().email;
    const whileFree = await postSignUp(newUserInput({ email }));
    const owner = await confirmSignUp(ctx.app, email);
    const before = await written();

    const attempt = newUserInput({ email: email.toUpperCase(), name: 'Outra Pessoa', password: 'outra-senha-qualquer-9' });
    const whileTaken = await postSignUp(attempt);
    expect(seen(whileTaken)).toEqual(seen(whileFree));

    const [notice, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('Tentaram criar uma conta no Semear com seu e-mail');
    expect(notice?.text).toContain('Olá, Maria!');
    expect(notice?.text).toContain('Alguém (talvez você) tentou criar uma conta no Semear com este e-mail');
    expect(notice?.text).toContain(`Entrar na minha conta: http://semear.test/signin?email=${encodeURIComponent(email)}`);
    expect(notice?.text).toContain(`Esqueci minha senha: http://semear.test/reset-password?email=${encodeURIComponent(email)}`);
    expect(signUpTokenFrom(notice!.text)).toBeNull();

    expect(await written()).toEqual({ ...before, mail: before.mail + 1 });
    const [row] = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect(row).toMatchObject({ name: 'Maria da Silva' });
    expect((await signIn(email, attempt.password)).statusCode).toBe(401);
    expect((await signIn(email, 'girassol-amarelo-42')).statusCode).toBe(200);
  });

  it('mails an address at most once in a few minutes, however many sign-ups come; then the newest link is the one that works', async () => {
    const taken = (await signUp(ctx.app)).input.email;
    const free = newUserInput().email;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => [
        postSignUp(newUserInput({ email: taken })),
        postSignUp(newUserInput({ email: free, name: `Pessoa ${'ABCDEFGH'[i]}` })),
      ]).flat(),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([202]));
    expect(await mailTo(taken)).toHaveLength(1);
    const [first, ...others] = await mailTo(free);
    expect(others).toEqual([]);
    expect(await db().select().from(pendingSignUps).where(eq(pendingSignUps.email, free))).toHaveLength(1);

    ctx.clock.advance(SIGN_UP_MAIL_INTERVAL_S * 1000 + 1000);
    await postSignUp(newUserInput({ email: taken }));
    await postSignUp(newUserInput({ email: free, name: 'Pessoa Nova' }));
    expect(await mailTo(taken)).toHaveLength(2);
    const freeMails = await mailTo(free);
    expect(freeMails).toHaveLength(2);
    const older = signUpTokenFrom(first!.text)!;
    const newer = signUpTokenFrom(freeMails[1]!.text)!;
    expect((await confirm(older)).statusCode).toBe(400);
    const opened = await confirm(newer);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().user.name).toBe('Pessoa Nova');
  });

  it('a link works once, and one open of two at the same time wins', async () => {
    const input = newUserInput();
    await postSignUp(input);
    const token = signUpTokenFrom((await mailTo(input.email))[0]!.text)!;
    const both = await Promise.all([confirm(token), confirm(token, 'en')]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const again = await confirm(token, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'sign_up.invalid',
      message: 'This confirmation link has expired or has already been used. Sign up again.',
    });
    expect(await db().select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });

  it('a link expires after 24 hours, and an unknown one is refused alike', async () => {
    const input = newUserInput();
    await postSignUp(input);
    const token = signUpTokenFrom((await mailTo(input.email))[0]!.text)!;
    ctx.clock.advance(SIGN_UP_CONFIRMATION_TTL_S * 1000 + 1000);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      code: 'sign_up.invalid',
      message: 'Este link de confirmação expirou ou já foi usado. Faça o cadastro de novo.',
    });
    expect((await confirm('um-token-inventado')).json()).toEqual(late.json());
    expect(await db().select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    // Signing up again sends a new link that works.
    await postSignUp(input);
    expect((await confirm(signUpTokenFrom((await mailTo(input.email))[1]!.text)!)).statusCode).toBe(201);
  });

  it('refuses a link whose address got an account meanwhile, pointing to sign-in, and spends it', async () => {
    const email = newUserInput().email;
    await postSignUp(newUserInput({ email }));
    const [first] = await mailTo(email);
    // Another way in (the demo seed, an older node) created the account before the link was opened.
    await insertUser(db(), { ...signUpSchema.parse(newUserInput({ email })), passwordHash: 'x', roles: ['DONOR'] }, ctx.clock.now());
    const refused = await confirm(signUpTokenFrom(first!.text)!, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'user.email_taken', message: 'An account with this e-mail already exists.' });
    expect((await confirm(signUpTokenFrom(first!.text)!)).json().code).toBe('sign_up.invalid');
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('puts a safe return_url into the link and drops one that leaves the site', async () => {
    const safe = newUserInput();
    await postSignUp({ ...safe, return_url: '/convite-equipe?token=abc' });
    expect((await mailTo(safe.email))[0]?.text).toMatch(/\/signup\/confirm\?token=[\w-]+&return_url=%2Fconvite-equipe%3Ftoken%3Dabc\n/);
    const unsafe = newUserInput();
    const answer = await postSignUp({ ...unsafe, return_url: '//evil.example/x' });
    expect(answer.statusCode).toBe(202);
    expect((await mailTo(unsafe.email))[0]?.text).toMatch(/\/signup\/confirm\?token=[\w-]+\n/);
  });

  it("writes the link in the language of the sign-up, and the notice in the owner's", async () => {
    const input = newUserInput();
    const answer = await postSignUp(input, 'en-US,en;q=0.9');
    expect(answer.json()).toEqual({ message: `We sent an e-mail to ${input.email}. Open the link in it to activate your account.` });
    expect((await mailTo(input.email))[0]?.subject).toBe('Confirm your e-mail to create your Semear account');
    // The owner did not ask for the notice: it comes in the language they signed up in.
    const owner = newUserInput();
    await postSignUp(owner, 'es');
    await confirmSignUp(ctx.app, owner.email);
    await postSignUp(newUserInput({ email: owner.email }), 'en');
    expect((await mailTo(owner.email))[0]?.subject).toBe('Intentaron crear una cuenta en Semear con tu correo electrónico');
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
    const before = await written();
    const input = { ...newUserInput(), ...change };
    const inPortuguese = await call(ctx.app, 'POST', '/api/v1/users', input);
    expect(inPortuguese.statusCode).toBe(400);
    expect(inPortuguese.json()).toEqual({ code: 'validation.failed', message: [pt] });
    const inEnglish = await call(ctx.app, 'POST', '/api/v1/users', input, { locale: 'en-US,en;q=0.9' });
    expect(inEnglish.json()).toEqual({ code: 'validation.failed', message: [en] });
    await ctx.app.afterAnswerSettled();
    expect(await written()).toEqual(before);
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

  it('refuses a confirmation without a token with 400, creating nothing', async () => {
    const before = await written();
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(513) }]) {
      const response = await call(ctx.app, 'POST', '/api/v1/users/confirmations', body, { locale: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation.failed');
    }
    expect(await written()).toEqual(before);
  });
});
