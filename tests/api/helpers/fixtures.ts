import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Session, SignUpInput } from '../../../contracts/user';
import type { Permission } from '../../../contracts/permissions';
import { permissions, roles, userPermissions, userRoles } from '../../../server/db/schema';
import type { Database } from '../../../server/db/types';
import { call } from './test-app';

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

export async function signUp(app: FastifyInstance, overrides: Partial<SignUpInput> = {}) {
  const input = newUserInput(overrides);
  const response = await call(app, 'POST', '/api/v1/users', input);
  expect(response.statusCode, response.body).toBe(201);
  return { input, user: response.json() as Session['user'] };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await call(app, 'POST', '/api/v1/sessions', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Session;
}

/** Signs a new user up and in. */
export async function newSession(app: FastifyInstance, overrides: Partial<SignUpInput> = {}) {
  const { input } = await signUp(app, overrides);
  return { input, ...(await signIn(app, input.email, input.password)) };
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
