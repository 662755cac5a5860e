import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { dataRequests } from '../../db/schema';
import { providerCleanups } from '../../db/schema/account-deletion';
import type { Database } from '../../db/types';
import type { PaymentGateways } from '../payments/gateways';

export interface CleanupDeps {
  db: Database;
  gateways: PaymentGateways;
  log?: { error(obj: object, msg: string): void };
}

const BATCH = 20;
/** 1 min, 2, 4… up to a day: a provider that is down for a while is asked again, never hammered. */
const retryDelayMs = (attempts: number): number => Math.min(2 ** attempts * 60_000, 24 * 60 * 60_000);

/**
 * Performs the provider calls deletions recorded (all due ones, or those of one request right after its
 * commit). Each row is claimed by moving its next attempt forward first, so two nodes never call twice at
 * once; a call that fails is tried again later. Answers how many were done.
 */
export async function runProviderCleanups(deps: CleanupDeps, now: Date, requestId?: string): Promise<number> {
  const due = await deps.db
    .select()
    .from(providerCleanups)
    .where(
      and(
        isNull(providerCleanups.doneAt),
        requestId === undefined ? lte(providerCleanups.nextAttemptAt, now) : eq(providerCleanups.requestId, requestId),
      ),
    )
    .orderBy(asc(providerCleanups.nextAttemptAt))
    .limit(BATCH);
  let done = 0;
  const finishedRequests = new Set<string>();
  for (const row of due) {
    const [claimed] = await deps.db
      .update(providerCleanups)
      .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) })
      .where(and(eq(providerCleanups.id, row.id), eq(providerCleanups.attempts, row.attempts), isNull(providerCleanups.doneAt)))
      .returning({ id: providerCleanups.id });
    if (!claimed) continue;
    try {
      await perform(deps, row);
      await deps.db.update(providerCleanups).set({ doneAt: now, reference: null, lastError: null }).where(eq(providerCleanups.id, row.id));
      done += 1;
      finishedRequests.add(row.requestId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.error({ err: error, cleanup: row.id, kind: row.kind }, 'provider clean-up of a deleted account failed; retried later');
      await deps.db
        .update(providerCleanups)
        .set({ lastError: message.slice(0, 500) })
        .where(eq(providerCleanups.id, row.id));
    }
  }
  if (finishedRequests.size > 0) await recordProviderCalls(deps.db, [...finishedRequests]);
  return done;
}

async function perform(deps: CleanupDeps, row: typeof providerCleanups.$inferSelect): Promise<void> {
  const gateway = deps.gateways.named(row.gateway);
  // A provider no longer configured cannot be asked; the row waits (its error says why) until it is again.
  if (!gateway) throw new Error(`gateway ${row.gateway} is not configured`);
  if (!row.reference) return;
  if (row.kind === 'remove_saved_card') {
    if (!gateway.forgetCard) throw new Error(`gateway ${row.gateway} cannot remove saved cards`);
    await gateway.forgetCard(row.reference);
  } else {
    if (!gateway.recurrences) throw new Error(`gateway ${row.gateway} has no Pix Automático`);
    await gateway.recurrences.cancel(row.reference);
  }
}

/** The DPO's page counts the calls made and still owed in each request's outcome. */
async function recordProviderCalls(db: Database, requestIds: string[]): Promise<void> {
  const counts = await db
    .select({
      requestId: providerCleanups.requestId,
      done: sql<number>`count(*) filter (where ${providerCleanups.doneAt} is not null)::int`,
      owed: sql<number>`count(*) filter (where ${providerCleanups.doneAt} is null)::int`,
    })
    .from(providerCleanups)
    .where(inArray(providerCleanups.requestId, requestIds))
    .groupBy(providerCleanups.requestId);
  for (const count of counts)
    await db
      .update(dataRequests)
      .set({
        outcome: sql`coalesce(${dataRequests.outcome}, '{}'::jsonb) || ${JSON.stringify({ provider_calls_done: count.done, provider_calls_owed: count.owed })}::jsonb`,
      })
      .where(eq(dataRequests.id, count.requestId));
}
