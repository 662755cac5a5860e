import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Permission } from '../../../contracts/permissions';
import { permissions, roles, userPermissions, userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** The e-mail of every active admin who holds all of `needed` (who an alert about that page goes to). */
export async function adminEmails(db: Executor, needed: readonly Permission[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'ADMIN')))
    .innerJoin(userPermissions, eq(userPermissions.userId, users.id))
    .innerJoin(permissions, and(eq(permissions.id, userPermissions.permissionId), inArray(permissions.name, [...needed])))
    .where(eq(users.active, true))
    .groupBy(users.email)
    .having(sql`count(distinct ${permissions.name}) = ${needed.length}`);
  return rows.map((r) => r.email);
}
