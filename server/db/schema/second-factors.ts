import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An account's authenticator app (docs/security.md, Second factors). The secret is kept encrypted
 * (AES-256-GCM, key derived from JWT_SECRET: server/auth/second-factor-secrets.ts) so a copy of the table
 * alone cannot mint codes. `confirmedAt` null: started, waiting for its first code (not yet a factor).
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: that step and any before it are refused (no replay). */
  lastAcceptedStep: bigint('last_accepted_step', { mode: 'number' }),
});

/** WebAuthn credentials (passkeys, security keys): only the public key is ever held. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for most passkeys, which do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** Single-use recovery codes: a keyed SHA-256 of each (server/auth/second-factor-secrets.ts), never the code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in that passed its password and waits for the second factor: an opaque token (only its SHA-256
 * kept) good for a few minutes and a few wrong codes. `webauthnChallenge` is the passkey step's, once asked.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('second_factor_challenges_user_idx').on(t.userId), index('second_factor_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The WebAuthn challenge a signed-in account was last given, per purpose (registering a passkey, or a
 * step-up with one): the next answer must sign it, once, before it runs out.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'step_up'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

/**
 * Wrong second-factor codes per account in the current window, whichever challenge or session they came
 * through: past the limit every code is refused (429) until the window ends.
 */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
