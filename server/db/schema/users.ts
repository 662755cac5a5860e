import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../contracts/constants';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const emptyText = (name: string) => text(name).notNull().default('');

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored lower-case: the unique index then means "one account per address". */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    personType: text('person_type', { enum: ['INDIVIDUAL', 'COMPANY'] }).notNull(),
    /** Documents are text: CPFs start with zeros and CNPJs may carry letters. */
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    phone: text('phone').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    avatar: text('avatar'),
    country: emptyText('country'),
    zipCode: emptyText('zip_code'),
    state: emptyText('state'),
    city: emptyText('city'),
    neighborhood: emptyText('neighborhood'),
    streetAddress: emptyText('street_address'),
    complement: emptyText('complement'),
    houseNumber: emptyText('house_number'),
    active: boolean('active').notNull().default(true),
    /**
     * The language of the account's last sign-in (null before the first): mail the owner did not ask for,
     * such as a sign-in lock's warning, is written in it rather than in the language of whoever caused it.
     */
    locale: text('locale', { enum: LOCALES }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    inactivatedAt: timestamp('inactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_cpf_idx')
      .on(t.cpf)
      .where(sql`${t.cpf} is not null`),
  ],
);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Permissions are granted per user (the team page gives each member their own set). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);
