import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../contracts/constants';

/**
 * Sign-ups waiting for their e-mail to be confirmed (docs/auth-and-profile.md): the account is created
 * only when the mailed link is opened, so sign-up answers alike whether or not the address has an
 * account. One row per address: signing up again replaces it (a new link, the older one stops
 * working). Only the SHA-256 hash of the link's token is kept.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    email: text('email').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    personType: text('person_type', { enum: ['INDIVIDUAL', 'COMPANY'] }).notNull(),
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    phone: text('phone').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** When its link was mailed: the next mail to this address waits SIGN_UP_MAIL_INTERVAL_S after it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Each sign-up request clears the expired rows (they hold a password hash and personal data).
  (t) => [index('pending_sign_ups_expires_idx').on(t.expiresAt)],
);

/**
 * When the owner of an address was last told that someone tried to sign up with it: at most one such
 * mail per SIGN_UP_MAIL_INTERVAL_S, so a flood of sign-ups does not flood the owner.
 */
export const signUpNotices = pgTable(
  'sign_up_notices',
  {
    email: text('email').primaryKey(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_up_notices_mailed_idx').on(t.mailedAt)],
);
