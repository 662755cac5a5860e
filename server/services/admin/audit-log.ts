import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '../../../contracts/admin-taxonomy';
import type { Locale } from '../../../contracts/constants';
import { pagedWithTotal } from '../../db/paged';
import { auditLog, users } from '../../db/schema';
import { subjectNames } from './audit-subjects';
import type { Database, Executor } from '../../db/types';

/** Who makes an admin change, and from which address (the request's, behind the configured proxies). */
export interface AdminActor {
  userId: string;
  ip: string;
}

/** The signed-in admin making the request. */
export const actorOf = (request: { user: { id: string }; ip: string }): AdminActor => ({ userId: request.user.id, ip: request.ip });

export interface AuditRecord {
  action: AuditAction;
  subject: { type: AuditEntry['subject_type']; id: string };
  before?: unknown;
  after?: unknown;
}

/** Writes one change to the audit log, in the caller's transaction: the change and its record commit together. */
export async function recordAudit(tx: Executor, actor: AdminActor, record: AuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    // The scheduler's changes have no author.
    actorUserId: actor.userId || null,
    actorIp: actor.ip,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: now,
  });
}

export interface AuditFilter {
  subject_type?: AuditEntry['subject_type'];
  subject_id?: string;
  actor_id?: string;
  action?: string;
  page: number;
  amount: number;
}

/**
 * The log, newest first, with the actor's name and e-mail as they are now, each subject's name in words
 * (in the reader's language where it has one), and how many entries match.
 */
export async function listAudit(db: Database, filter: AuditFilter, locale: Locale): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.subject_type) conditions.push(eq(auditLog.subjectType, filter.subject_type));
  if (filter.subject_id) conditions.push(eq(auditLog.subjectId, filter.subject_id));
  if (filter.actor_id) conditions.push(eq(auditLog.actorUserId, filter.actor_id));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await pagedWithTotal(
    db,
    db
      .select({ entry: auditLog, name: users.name, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.seq)),
    { table: auditLog, where },
    filter,
  );
  const entries = rows.map(({ entry, name, email }) => ({
    id: entry.id,
    at: entry.createdAt.toISOString(),
    actor: { id: entry.actorUserId, name, email },
    ip: entry.actorIp,
    action: entry.action,
    subject_type: entry.subjectType as AuditEntry['subject_type'],
    subject_id: entry.subjectId,
    before: entry.before,
    after: entry.after,
  }));
  const names = await subjectNames(db, entries, locale);
  return {
    total,
    entries: entries.map((entry) => ({ ...entry, subject_name: names.get(`${entry.subject_type}:${entry.subject_id}`) ?? null })),
  };
}
