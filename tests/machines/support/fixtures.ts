import { emptyAddress, type PageView, type User } from '../../../contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Ana Souza',
    email: 'ana@semear.dev',
    active: true,
    avatar: null,
    avatar_url: null,
    phone: '11987654321',
    person_type: 'INDIVIDUAL',
    cpf: '52998224725',
    birth_date: '1990-05-17',
    birth_date_formatted: '17/05/1990',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    deleted_at: null,
    inactivated_at: null,
    address: { ...emptyAddress },
    roles: [{ id: 'r-donor', name: 'DONOR' }],
    permissions: [],
    ...overrides,
  };
}

export const makeAdmin = (permissions: string[]): User =>
  makeUser({
    id: 'u-admin',
    email: 'admin@semear.dev',
    roles: [{ id: 'r-admin', name: 'ADMIN' }],
    permissions: permissions.map((name) => ({ id: `p-${name}`, name })),
  });

export const pageView = (path: string, second = 0): PageView => ({
  path,
  occurred_at: new Date(Date.UTC(2026, 10, 22, 12, 0, second)).toISOString(),
});
