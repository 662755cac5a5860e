import type { User } from '../../../contracts';

/** A user as GET /users/profile answers it. */
export function userWith(grants: { roles?: string[]; permissions?: string[] } = {}): User {
  return {
    id: 'u-1',
    name: 'Ana Souza',
    email: 'ana@exemplo.com',
    active: true,
    avatar: null,
    avatar_url: null,
    phone: '81987654321',
    person_type: 'INDIVIDUAL',
    cpf: '52998224725',
    birth_date: null,
    birth_date_formatted: null,
    created_at: '2026-01-10T15:00:00.000Z',
    updated_at: '2026-01-10T15:00:00.000Z',
    deleted_at: null,
    inactivated_at: null,
    address: { country: '', zip_code: '', state: '', city: '', neighborhood: '', street_address: '', complement: '', house_number: '' },
    roles: (grants.roles ?? ['DONOR']).map((name, i) => ({ id: `r-${i}`, name })),
    permissions: (grants.permissions ?? []).map((name, i) => ({ id: `p-${i}`, name })),
  };
}

export const ALL_PERMISSIONS = ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS', 'MANAGE_TEAM', 'MANAGE_USERS'];
