import type { User } from '../../contracts/user';
import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
export interface Named {
  id: string;
  name: string;
}

/** "1990-05-17" → "17/05/1990" (pt-BR, and a calendar date has no time zone to shift). */
export function formatBirthDate(isoDate: string | null): string | null {
  if (!isoDate) return null;
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The user as the API shows it (docs/spec.md §3): the document key follows the person type. */
export function presentUser(row: UserRow, grants: { roles: Named[]; permissions: Named[] }, publicUrl: string): User {
  const document = row.personType === 'COMPANY' ? { cnpj: row.cnpj ?? '' } : { cpf: row.cpf ?? '' };
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    active: row.active,
    avatar: row.avatar,
    avatar_url: row.avatar ? new URL(row.avatar, `${publicUrl}/`).toString() : null,
    phone: row.phone,
    person_type: row.personType,
    ...document,
    birth_date: row.birthDate,
    birth_date_formatted: formatBirthDate(row.birthDate),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    inactivated_at: row.inactivatedAt?.toISOString() ?? null,
    address: {
      country: row.country,
      zip_code: row.zipCode,
      state: row.state,
      city: row.city,
      neighborhood: row.neighborhood,
      street_address: row.streetAddress,
      complement: row.complement,
      house_number: row.houseNumber,
    },
    roles: grants.roles,
    permissions: grants.permissions,
  };
}
