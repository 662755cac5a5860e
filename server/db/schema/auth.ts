import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Every rotation adds a row to the same family;
 * presenting a used token again revokes the whole family (RFC 9700 §4.14.2).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use password reset links; only the SHA-256 hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Sign-in tries per e-mail address, whatever address they come from (docs/auth-and-profile.md): after
 * SIGN_IN_LOCK.maxFailures within a window the address's sign-in is locked for a while. Keyed by the
 * lower-cased e-mail, not the user, so an address without an account locks exactly alike. One row per
 * address is what makes the count atomic on every node: each try updates it under the row's lock.
 */
export const signInGuards = pgTable(
  'sign_in_guards',
  {
    email: text('email').primaryKey(),
    /** Tries of the current window that have not proved right: a try counts from the moment it starts. */
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  // The hourly clean-up finds the rows whose window and lock are over.
  (t) => [index('sign_in_guards_window_idx').on(t.windowStartedAt)],
);
