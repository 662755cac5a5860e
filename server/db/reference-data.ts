import { PERMISSIONS, ROLES } from '../../contracts/permissions';
import { permissions, roles } from './schema';
import type { Database } from './types';

/** Roles and permissions come from contracts/permissions.ts; every start makes sure they exist. */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
}
