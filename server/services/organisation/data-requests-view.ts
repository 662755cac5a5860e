import { desc, eq } from 'drizzle-orm';
import type { DataRequest, DataRequestsQuery } from '../../../contracts/organisation';
import { pagedWithTotal } from '../../db/paged';
import { dataRequests, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { recordAudit, type AdminActor } from '../admin/audit-log';

/**
 * The DPO's list of LGPD requests (docs/privacy.md, "DPO"), newest first, and its total. Reading it is itself
 * recorded in the audit log, in the same transaction: the list names data subjects, so who looked is kept.
 */
export async function listDataRequests(
  db: Database,
  actor: AdminActor,
  query: DataRequestsQuery,
  now: Date,
): Promise<{ items: DataRequest[]; total: number }> {
  const where = query.kind ? eq(dataRequests.kind, query.kind) : undefined;
  return db.transaction(async (tx) => {
    const { rows, total } = await pagedWithTotal(
      tx,
      tx
        .select({ request: dataRequests, email: users.email, deletedAt: users.deletedAt })
        .from(dataRequests)
        .leftJoin(users, eq(users.id, dataRequests.userId))
        .where(where)
        .orderBy(desc(dataRequests.requestedAt), desc(dataRequests.id)),
      { table: dataRequests, where },
      query,
    );
    const items = rows.map(({ request, email, deletedAt }): DataRequest => {
      // A deleted account keeps only its pseudonymous address: the DPO is told it was removed, not that address.
      const type = request.userId === null ? 'guest' : email === null || deletedAt !== null ? 'removed' : 'account';
      return {
        id: request.id,
        kind: request.kind,
        requester: { type, user_id: request.userId, email: type === 'account' ? email : null },
        status: request.status,
        requested_at: request.requestedAt.toISOString(),
        completed_at: request.completedAt?.toISOString() ?? null,
        expires_at: request.expiresAt?.toISOString() ?? null,
        outcome: isRecord(request.outcome) ? request.outcome : null,
      };
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'privacy.requests_viewed',
        subject: { type: 'data_requests', id: query.kind ?? 'all' },
        after: { page: query.page, amount: query.amount, kind: query.kind ?? null, shown: items.map((item) => item.id) },
      },
      now,
    );
    return { items, total };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
