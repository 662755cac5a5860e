import type { User } from '../../contracts';

/** A user as GET /users/profile answers it (contracts userSchema), with overridable fields. */
export function makeUser(overrides: Partial<User> = {}): User {
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
    birth_date: '1990-04-15',
    birth_date_formatted: '15/04/1990',
    created_at: '2026-01-10T15:00:00.000Z',
    updated_at: '2026-01-10T15:00:00.000Z',
    deleted_at: null,
    inactivated_at: null,
    address: {
      country: 'Brasil',
      zip_code: '50030230',
      state: 'PE',
      city: 'Recife',
      neighborhood: 'Boa Vista',
      street_address: 'Rua da Aurora',
      complement: '',
      house_number: '100',
    },
    roles: [{ id: 'r-1', name: 'DONOR' }],
    permissions: [],
    ...overrides,
  };
}

/** An admin holding the given permissions. */
export const makeAdmin = (permissions: string[]): User =>
  makeUser({
    id: 'u-admin',
    email: 'admin@semear.dev',
    roles: [{ id: 'r-admin', name: 'ADMIN' }],
    permissions: permissions.map((name) => ({ id: `p-${name}`, name })),
  });
