import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors';
import { idempotencyKeys } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { HttpError } from '../../http/http-error';
import type { Clock } from '../clock';
import { givingMessages as gm } from '../../../contracts/giving-messages';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** Lets the work leave a note in the key's row, in its own transaction, so a retry can pick it up. */
export type Checkpoint = (tx: Executor, note: Record<string, unknown>) => Promise<void>;

export interface IdempotentCall {
  scope: string;
  key: string;
  requestHash: string;
  /** Does the work once. Throwing before any checkpoint frees the key (nothing happened). */
  execute(checkpoint: Checkpoint): Promise<StoredResponse>;
  /** Finishes the work of an earlier attempt that failed after a checkpoint (e.g. crashed after the charge). */
  resume(note: Record<string, unknown>): Promise<StoredResponse>;
}

export interface Idempotency {
  run(call: IdempotentCall): Promise<StoredResponse & { replayed: boolean }>;
}

/** Canonical JSON: object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** An answer that failed after the work had started: the next replay resumes it. */
const UNFINISHED = 500;

/** Kept answers are replayed for a day (as payment providers do); then the key may be used afresh. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Forgets finished keys past their retention; unfinished ones stay, since a replay may still resume them. */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(and(isNotNull(idempotencyKeys.completedAt), lt(idempotencyKeys.completedAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)), ne(idempotencyKeys.responseStatus, UNFINISHED)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/**
 * Idempotency-Key handling (DESIGN.md §5, docs/ledger.md). The first call claims the key (insert ...
 * on conflict do nothing) and does the work; a replay with the same request gets the stored answer,
 * a different request 409, and a replay while the first is still running waits for its answer.
 */
export function createIdempotency(deps: { db: Database; clock: Clock; pollMs?: number; waitMs?: number }): Idempotency {
  const { db, clock } = deps;
  const pollMs = deps.pollMs ?? 30;
  const waitMs = deps.waitMs ?? 15_000;
  const where = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  async function store(scope: string, key: string, response: StoredResponse): Promise<void> {
    await db.update(idempotencyKeys).set({ responseStatus: response.status, responseBody: response.body, completedAt: clock.now() }).where(where(scope, key));
  }

  async function firstRun(call: IdempotentCall): Promise<StoredResponse> {
    const checkpoint: Checkpoint = async (tx, note) => {
      await tx.update(idempotencyKeys).set({ responseBody: { resume: note } }).where(where(call.scope, call.key));
    };
    try {
      const response = await call.execute(checkpoint);
      await store(call.scope, call.key, response);
      return response;
    } catch (error) {
      const [row] = await db.select({ body: idempotencyKeys.responseBody }).from(idempotencyKeys).where(where(call.scope, call.key));
      const note = resumeNote(row?.body);
      // Nothing happened yet (a refused request): free the key so the same request may be sent again.
      if (!note) await db.delete(idempotencyKeys).where(where(call.scope, call.key));
      else await db.update(idempotencyKeys).set({ responseStatus: UNFINISHED, completedAt: clock.now() }).where(where(call.scope, call.key));
      throw error;
    }
  }

  async function awaitAnswer(call: IdempotentCall): Promise<StoredResponse | 'gone'> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(where(call.scope, call.key));
      if (!row) return 'gone';
      if (row.requestHash !== call.requestHash) throw new HttpError(409, errorCodes.idempotencyKeyReused, gm.idempotencyKeyReused);
      if (row.responseStatus !== null) {
        const note = row.responseStatus === UNFINISHED ? resumeNote(row.responseBody) : null;
        if (!note) return { status: row.responseStatus, body: row.responseBody };
        const response = await call.resume(note);
        await store(call.scope, call.key, response);
        return response;
      }
      if (Date.now() >= deadline) throw new HttpError(409, errorCodes.idempotencyInProgress, gm.idempotencyInProgress);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return {
    async run(call) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [claimed] = await db
          .insert(idempotencyKeys)
          .values({ scope: call.scope, key: call.key, requestHash: call.requestHash, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed) return { ...(await firstRun(call)), replayed: false };
        const answer = await awaitAnswer(call);
        // The first attempt was refused and freed the key: try to claim it ourselves.
        if (answer !== 'gone') return { ...answer, replayed: true };
      }
      throw new HttpError(409, errorCodes.idempotencyInProgress, gm.idempotencyInProgress);
    },
  };
}

function resumeNote(body: unknown): Record<string, unknown> | null {
  const note = body && typeof body === 'object' ? (body as { resume?: unknown }).resume : null;
  return note && typeof note === 'object' ? (note as Record<string, unknown>) : null;
}
