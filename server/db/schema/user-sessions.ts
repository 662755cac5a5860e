import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per signed-in device (docs/security.md, Sessions): its id is the family id of its refresh tokens
 * (server/auth/refresh-tokens.ts) and the `sid` of its access tokens. Ending it revokes the family and
 * stops its access tokens. `second_factor_at` is when this session last proved a second factor (step-up).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** As the browser sent it (cut to 512 characters); the list parses device and browser out of it. */
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
    /** Approximate place from the address at sign-in: 'local' (loopback or private network), an ISO country code, or null (unknown). */
    place: text('place'),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt)],
);
