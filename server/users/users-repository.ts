import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Address, SignUp } from '../../contracts/user';
import type { Permission, Role } from '../../contracts/permissions';
import { permissions, roles, userPermissions, userRoles, users } from '../db/schema';
import type { Executor } from '../db/types';
import type { Named } from './user-presenter';

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];

export const findUserById = async (db: Executor, id: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

/** A signed-in user must exist, be active and not deleted. */
export const isUsable = (user: UserRow): boolean => user.active && !user.deletedAt;

export interface Grants {
  roles: Named[];
  permissions: Named[];
}

// Drizzle leaves columns unqualified in a single-table select, which a correlated subquery would
// resolve against its own tables: these subqueries name every column with its table.
const col = (table: AnyPgTable, column: AnyPgColumn) => sql`${table}.${sql.identifier(column.name)}`;

/** The user's grants of one kind as a JSON array of {id, name}, sorted by name (correlated on users.id). */
const grantsJson = (link: typeof userRoles | typeof userPermissions, linkColumn: AnyPgColumn, target: typeof roles | typeof permissions) =>
  sql<
    Named[]
  >`coalesce((select json_agg(json_build_object('id', ${col(target, target.id)}, 'name', ${col(target, target.name)}) order by ${col(target, target.name)})
    from ${link} join ${target} on ${col(target, target.id)} = ${col(link, linkColumn)}
    where ${col(link, link.userId)} = ${col(users, users.id)}), '[]'::json)`;

/** The user with roles and permissions, in one query: the profile and every admin check are one round trip. */
export async function findUserWithGrants(db: Executor, id: string): Promise<{ user: UserRow; grants: Grants } | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      grantedRoles: grantsJson(userRoles, userRoles.roleId, roles),
      grantedPermissions: grantsJson(userPermissions, userPermissions.permissionId, permissions),
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const { grantedRoles, grantedPermissions, ...user } = row;
  return { user, grants: { roles: grantedRoles, permissions: grantedPermissions } };
}

export interface NewUser extends SignUp {
  passwordHash: string;
  roles: readonly Role[];
  permissions?: readonly Permission[];
}

export async function insertUser(db: Executor, input: NewUser, now: Date): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      personType: input.person_type,
      cpf: input.cpf,
      cnpj: input.cnpj,
      phone: input.phone,
      birthDate: input.birth_date,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  if (input.roles.length > 0) {
    const roleRows = await db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.name, [...input.roles]));
    if (roleRows.length !== input.roles.length) throw new Error(`unknown role in ${input.roles.join(', ')}: run ensureReferenceData first`);
    await db.insert(userRoles).values(roleRows.map((r) => ({ userId: row.id, roleId: r.id })));
  }
  if (input.permissions && input.permissions.length > 0) {
    const permissionRows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...input.permissions]));
    await db.insert(userPermissions).values(permissionRows.map((p) => ({ userId: row.id, permissionId: p.id })));
  }
  return row;
}

export async function updateProfile(
  db: Executor,
  userId: string,
  changes: { name: string; phone: string; birth_date?: string | null; address: Address },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      name: changes.name,
      phone: changes.phone,
      // Absent keeps the stored date; null clears it.
      ...(changes.birth_date === undefined ? {} : { birthDate: changes.birth_date }),
      country: changes.address.country,
      zipCode: changes.address.zip_code,
      state: changes.address.state,
      city: changes.address.city,
      neighborhood: changes.address.neighborhood,
      streetAddress: changes.address.street_address,
      complement: changes.address.complement,
      houseNumber: changes.address.house_number,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
