import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin change, written in the transaction of the change itself (docs/admin.md): who, when,
 * from which address, what, before and after. Append-only: a trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in (several can share a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** No foreign key: the record outlives whatever happens to the account. */
    actorUserId: uuid('actor_user_id'),
    actorIp: text('actor_ip').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);
