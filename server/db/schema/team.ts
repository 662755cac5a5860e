import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '../../../contracts/permissions';
import { users } from './users';

/**
 * An invitation to the admin team (docs/admin.md): its link carries a token of which only the hash is
 * kept; accepted by the account with the invited e-mail, once, within its days.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('team_invitations_token_unique').on(t.tokenHash), index('team_invitations_email_idx').on(t.email)],
);

/**
 * A change of a member's permissions that waits for a second admin (docs/admin.md, The team): the whole
 * set asked for (`permissions`) over the set it was asked from (`before`); approved, it is applied only
 * while the member still has `before`. Asked for by an admin, or by an invitation's inviter on accepting.
 */
export const teamPermissionChanges = pgTable(
  'team_permission_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<Permission[]>().notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    invitationId: uuid('invitation_id').references(() => teamInvitations.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending_approval', 'active', 'inactive', 'rejected'] })
      .notNull()
      .default('pending_approval'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('team_permission_changes_member_idx').on(t.memberId)],
);
