import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Session, SignUpInput } from '../../../contracts/user';
import type { Permission } from '../../../contracts/permissions';
import { mailOutbox, permissions, roles, userPermissions, userRoles } from '../../../server/db/schema';
import type { Database } from '../../../server/db/types';
import { signUpTokenFrom } from './mailbox';
import { call, databaseOf } from './test-app';

let counter = 0;
/** A unique, valid sign-up payload. */
export function newUserInput(overrides: Partial<SignUpInput> = {}): SignUpInput & { password: string } {
  counter += 1;
  return {
    name: 'Maria da Silva',
    email: `maria.${Date.now()}.${counter}@exemplo.com.br`,
    password: 'girassol-amarelo-42',
    person_type: 'INDIVIDUAL',
    cpf: '529.982.247-25',
    phone: '(11) 98765-4321',
    birth_date: '1990-05-17',
    ...overrides,
  } as SignUpInput & { password: string };
}

/**
 * The token of the confirmation link queued for `email`, read from the mail outbox; the mail is taken
 * out of it (as if read), so tests counting a user's mail see only the mail their own steps caused.
 */
export async function takeSignUpToken(db: Database, email: string): Promise<string> {
  const confirmation = and(eq(mailOutbox.to, email.toLowerCase()), like(mailOutbox.text, '%/signup/confirm?token=%'));
  const [mail] = await db
    .select({ id: mailOutbox.id, text: mailOutbox.text })
    .from(mailOutbox)
    .where(confirmation)
    .orderBy(desc(mailOutbox.createdAt));
  const token = mail ? signUpTokenFrom(mail.text) : null;
  if (!token) throw new Error(`no sign-up confirmation mail to ${email} in the outbox`);
  await db.delete(mailOutbox).where(confirmation);
  return token;
}

/** Opens the confirmation link mailed to `email` (after POST /users): the account exists and is signed in. */
export async function confirmSignUp(app: FastifyInstance, email: string): Promise<Session> {
  // The pending sign-up and its mail are made after POST /users has answered.
  await app.afterAnswerSettled();
  const token = await takeSignUpToken(databaseOf(app), email);
  const response = await call(app, 'POST', '/api/v1/users/confirmations', { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Session;
}

/** Signs a new donor up the whole way: POST /users, then the mailed link. */
export async function signUp(app: FastifyInstance, overrides: Partial<SignUpInput> = {}) {
  const input = newUserInput(overrides);
  const response = await call(app, 'POST', '/api/v1/users', input);
  expect(response.statusCode, response.body).toBe(202);
  const session = await confirmSignUp(app, input.email);
  return { input, user: session.user, session };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await call(app, 'POST', '/api/v1/sessions', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Session;
}

/** Signs a new user up and in (the confirmation link signs in). */
export async function newSession(app: FastifyInstance, overrides: Partial<SignUpInput> = {}) {
  const { input, session } = await signUp(app, overrides);
  return { input, ...session };
}

/** Makes a user an admin with the given permissions, straight in the database (no admin API yet). */
export async function grantAdmin(ctx: { database: { db: Database } }, userId: string, grants: readonly Permission[]): Promise<void> {
  const { db } = ctx.database;
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ADMIN'));
  if (!admin) throw new Error('reference data missing: role ADMIN');
  await db.insert(userRoles).values({ userId, roleId: admin.id });
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...grants]));
  if (rows.length > 0) await db.insert(userPermissions).values(rows.map((p) => ({ userId, permissionId: p.id })));
}
