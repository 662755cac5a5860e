import { emptyAddress, type User } from '../../../contracts';
import { makeUser } from '../../support/users';

/** A user with the given role and permission names, no birth date and an empty address. */
export function userWith(grants: { roles?: string[]; permissions?: string[] } = {}): User {
  return makeUser({
    birth_date: null,
    birth_date_formatted: null,
    address: { ...emptyAddress },
    roles: (grants.roles ?? ['DONOR']).map((name, i) => ({ id: `r-${i}`, name })),
    permissions: (grants.permissions ?? []).map((name, i) => ({ id: `p-${i}`, name })),
  });
}

export const ALL_PERMISSIONS = ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS', 'MANAGE_TEAM', 'MANAGE_USERS'];
