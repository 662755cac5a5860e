import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors';
import { idempotencyKeys } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { reusedQuery } from '../../db/reused-query';
import { conflict } from '../../domain/errors';
import type { Clock } from '../clock';
import { givingMessages as gm } from '../../../contracts/giving-messages';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** The key's row as the claim writes it, for work that writes it in a statement of its own (a donation's first). */
export type ClaimRow = typeof idempotencyKeys.$inferInsert;

/** A claim made by the work's own statement: its row, and what to do with whether the insert took the key. */
export interface ClaimInStatement {
  row: ClaimRow;
  /** Not taken: throws, rolling back the transaction, as a checkpoint that finds the key claimed does. */
  settle(claimed: boolean): void;
}

/**
 * Lets the work leave a note in the key's row, in its own transaction, so a retry can pick it up. With
 * `claimAtCheckpoint`, while the key is not yet claimed, `claimInStatement(note)` hands the claim to the
 * work to insert (on conflict do nothing) in the statement that writes its first rows: one round trip
 * less (issue 52). It answers null once the claim is made; the checkpoint is then called as usual.
 */
export type Checkpoint = ((tx: Executor, note: Record<string, unknown>) => Promise<void>) & {
  claimInStatement?: (note: Record<string, unknown>) => ClaimInStatement | null;
};

/** Keeps the answer in the work's last transaction, so it commits with what it answers (no commit of its own). */
export type Completion = (tx: Executor, response: StoredResponse) => Promise<void>;

export interface IdempotentCall {
  scope: string;
  key: string;
  requestHash: string;
  /** Does the work once. Throwing before any checkpoint frees the key (nothing happened). */
  execute(checkpoint: Checkpoint, complete: Completion): Promise<StoredResponse>;
  /**
   * The key is claimed by the first checkpoint, in the work's first transaction, rather than in a commit
   * of its own before the work: for work that writes nothing before that checkpoint (a donation). A
   * second request with the key finds the claim when its own checkpoint does (its transaction rolls back)
   * or when its work is refused, and then waits for the first one's answer as usual.
   */
  claimAtCheckpoint?: boolean;
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
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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
    .where(
      and(
        isNotNull(idempotencyKeys.completedAt),
        lt(idempotencyKeys.completedAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)),
        ne(idempotencyKeys.responseStatus, UNFINISHED),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/**
 * What became of an attempt, read without doing anything: its kept answer, 'in_progress' while a claim
 * holds the key (or a crashed attempt waits for its replay or the reconciliation), null when no request
 * with this key ever arrived or its refusal freed it (nothing was charged).
 */
export async function readAttempt(db: Database, scope: string, key: string): Promise<StoredResponse | 'in_progress' | null> {
  const [row] = await db
    .select({ status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.status === null || (row.status === UNFINISHED && resumeNote(row.body) !== null)) return 'in_progress';
  return { status: row.status, body: row.body };
}

// A donation's claim and its answer, both in the donation's own transactions (claimAtCheckpoint).
const claimWithNote = reusedQuery<typeof idempotencyKeys.$inferInsert, Array<{ key: string }>>((tx, value) =>
  tx
    .insert(idempotencyKeys)
    .values({
      scope: value('scope'),
      key: value('key'),
      requestHash: value('requestHash'),
      responseBody: value('responseBody'),
      createdAt: value('createdAt'),
      owner: value('owner'),
      leaseExpiresAt: value('leaseExpiresAt'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
);

const answerInTransaction = reusedQuery<
  { status: number; body: unknown; completedAt: Date; scope: string; key: string; claim: string },
  unknown
>((tx, value) =>
  tx
    .update(idempotencyKeys)
    .set({ responseStatus: value('status'), responseBody: value('body'), completedAt: value('completedAt'), leaseExpiresAt: null })
    .where(
      and(
        eq(idempotencyKeys.scope, value('scope')),
        eq(idempotencyKeys.key, value('key')),
        eq(idempotencyKeys.owner, value('claim')),
        isNull(idempotencyKeys.responseStatus),
      ),
    ),
);

/** Names this process in the claims it holds, so a renewal never extends someone else's claim. */
export const PROCESS_ID = randomUUID();

/** Default lease: a retry within half a minute of a crash finds it run out and takes the key over. */
export const IDEMPOTENCY_LEASE_MS = 12_000;

export interface IdempotencyDeps {
  db: Database;
  clock: Clock;
  /** How long a claim holds unless renewed; the work renews it every third of it. */
  leaseMs?: number;
  /** The claimant's name (tests give two "processes" in one). */
  owner?: string;
  pollMs?: number;
  /** How long a replay waits for a live claim's answer before 409 (longer than a lease, so a dead claim is taken over first). */
  waitMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Idempotency-Key handling (docs/design.md §5, docs/ledger.md). The first call claims the key (insert ...
 * on conflict do nothing) with this process as owner and a lease it renews while it works; a replay
 * with the same request gets the stored answer, a different request 409, and a replay while the
 * claim's lease holds waits for its answer. A claim whose lease ran out (its process died) or whose
 * work failed after a checkpoint is taken over by one replay, atomically: it resumes from the
 * checkpoint (or does the work afresh when there is none) and answers as the first would have.
 */
export function createIdempotency(deps: IdempotencyDeps): Idempotency {
  const { db, clock } = deps;
  const owner = deps.owner ?? PROCESS_ID;
  const leaseMs = deps.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const pollMs = deps.pollMs ?? 30;
  const waitMs = deps.waitMs ?? Math.max(15_000, leaseMs + 5_000);
  const where = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const leaseEnd = () => new Date(clock.now().getTime() + leaseMs);
  const mine = (call: IdempotentCall, claim: string) =>
    and(where(call.scope, call.key), eq(idempotencyKeys.owner, claim), isNull(idempotencyKeys.responseStatus));
  // The process id plus one per claim, so two requests of one process are told apart too.
  const newClaim = () => `${owner}/${randomUUID()}`;

  // Every write after the claim names us as owner: a process that lost its claim (its lease ran out
  // while it was stalled) neither writes a second donation behind the taker's back nor overwrites its answer.
  async function store(call: IdempotentCall, claim: string, response: StoredResponse): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: response.status, responseBody: response.body, completedAt: clock.now(), leaseExpiresAt: null })
      .where(mine(call, claim));
  }

  const claimRow = (call: IdempotentCall, claim: string) => ({
    scope: call.scope,
    key: call.key,
    requestHash: call.requestHash,
    createdAt: clock.now(),
    owner: claim,
    leaseExpiresAt: leaseEnd(),
  });

  /**
   * Does the work under our claim, renewing its lease until it is done. With `claimAtCheckpoint` the
   * claim is only made by the first checkpoint: `elsewhere` when another request holds the key.
   */
  async function work(
    call: IdempotentCall,
    claim: string,
    note: Record<string, unknown> | null,
    claimAtCheckpoint = false,
  ): Promise<StoredResponse | typeof ELSEWHERE> {
    let unclaimed = claimAtCheckpoint;
    let completed = false;
    const settle = (claimed: boolean) => {
      // Throwing rolls back what the work wrote in this transaction: the key's holder does it.
      if (!claimed) throw new ClaimedElsewhere();
      unclaimed = false;
    };
    const rowWithNote = (next: Record<string, unknown>): ClaimRow => ({ ...claimRow(call, claim), responseBody: { resume: next } });
    const claimInStatement = (next: Record<string, unknown>): ClaimInStatement | null =>
      unclaimed ? { row: rowWithNote(next), settle } : null;
    const checkpoint: Checkpoint = async (tx, next) => {
      if (unclaimed) {
        const [claimed] = await claimWithNote(tx, rowWithNote(next));
        settle(claimed !== undefined);
        return;
      }
      const [held] = await tx
        .update(idempotencyKeys)
        .set({ responseBody: { resume: next } })
        .where(mine(call, claim))
        .returning({ key: idempotencyKeys.key });
      // Throwing rolls back the transaction that would have written the work.
      if (!held) throw new Error(`idempotency claim on ${call.scope} ${call.key} was taken over`);
    };
    if (claimAtCheckpoint) checkpoint.claimInStatement = claimInStatement;
    const complete: Completion = async (tx, response) => {
      await answerInTransaction(tx, {
        status: response.status,
        body: response.body,
        completedAt: clock.now(),
        scope: call.scope,
        key: call.key,
        claim,
      });
      completed = true;
    };
    const heartbeat = setInterval(
      () => {
        db.update(idempotencyKeys)
          .set({ leaseExpiresAt: leaseEnd() })
          .where(mine(call, claim))
          .catch((error: unknown) => deps.onError?.(error));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const response = note ? await call.resume(note) : await call.execute(checkpoint, complete);
      if (!completed) await store(call, claim, response);
      return response;
    } catch (error) {
      const [row] = await db
        .select({ body: idempotencyKeys.responseBody, owner: idempotencyKeys.owner })
        .from(idempotencyKeys)
        .where(where(call.scope, call.key));
      if (claimAtCheckpoint && row?.owner !== claim) {
        // Another request holds the key (this one may be its replay, refused for what the first one used up).
        if (row || error instanceof ClaimedElsewhere) return ELSEWHERE;
        throw error;
      }
      // Nothing happened yet (a refused request): free the key so the same request may be sent again.
      if (!resumeNote(row?.body)) await db.delete(idempotencyKeys).where(mine(call, claim));
      else
        await db
          .update(idempotencyKeys)
          .set({ responseStatus: UNFINISHED, completedAt: clock.now(), leaseExpiresAt: null })
          .where(mine(call, claim));
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A takeover's work: its claim is made already. */
  async function resumeWork(call: IdempotentCall, claim: string, note: Record<string, unknown> | null): Promise<StoredResponse> {
    const done = await work(call, claim, note);
    if (done === ELSEWHERE) throw new Error('a taken-over claim was claimed again');
    return done;
  }

  /** Claims a dead or failed claim for ourselves; only one replay wins (the update checks what it saw). */
  async function takeOver(call: IdempotentCall, claim: string, seen: typeof idempotencyKeys.$inferSelect): Promise<boolean> {
    const now = clock.now();
    const stillAsSeen =
      seen.responseStatus === UNFINISHED
        ? eq(idempotencyKeys.responseStatus, UNFINISHED)
        : and(isNull(idempotencyKeys.responseStatus), or(isNull(idempotencyKeys.leaseExpiresAt), lte(idempotencyKeys.leaseExpiresAt, now)));
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ owner: claim, leaseExpiresAt: leaseEnd(), responseStatus: null, completedAt: null })
      .where(and(where(call.scope, call.key), eq(idempotencyKeys.requestHash, call.requestHash), stillAsSeen))
      .returning({ key: idempotencyKeys.key });
    return taken !== undefined;
  }

  async function awaitAnswer(call: IdempotentCall): Promise<StoredResponse | 'gone'> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(where(call.scope, call.key));
      if (!row) return 'gone';
      if (row.requestHash !== call.requestHash) throw conflict(errorCodes.idempotencyKeyReused, gm.idempotencyKeyReused);
      const unfinished = row.responseStatus === UNFINISHED && resumeNote(row.responseBody) !== null;
      if (row.responseStatus !== null && !unfinished) return { status: row.responseStatus, body: row.responseBody };
      const abandoned =
        row.responseStatus === null && (row.leaseExpiresAt === null || row.leaseExpiresAt.getTime() <= clock.now().getTime());
      if (unfinished || abandoned) {
        const claim = newClaim();
        if (await takeOver(call, claim, row)) return resumeWork(call, claim, resumeNote(row.responseBody));
      }
      if (Date.now() >= deadline) throw conflict(errorCodes.idempotencyInProgress, gm.idempotencyInProgress);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return {
    async run(call) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const claim = newClaim();
        if (call.claimAtCheckpoint) {
          const done = await work(call, claim, null, true);
          if (done !== ELSEWHERE) return { ...done, replayed: false };
        } else {
          const [claimed] = await db
            .insert(idempotencyKeys)
            .values(claimRow(call, claim))
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (claimed) return { ...(await resumeWork(call, claim, null)), replayed: false };
        }
        const answer = await awaitAnswer(call);
        // The first attempt was refused and freed the key: try to claim it ourselves.
        if (answer !== 'gone') return { ...answer, replayed: true };
      }
      throw conflict(errorCodes.idempotencyInProgress, gm.idempotencyInProgress);
    },
  };
}

/** What `work` answers when the key turned out to be another request's. */
const ELSEWHERE = Symbol('claimed elsewhere');

class ClaimedElsewhere extends Error {
  constructor() {
    super('idempotency key claimed by another request');
  }
}

function resumeNote(body: unknown): Record<string, unknown> | null {
  const note = body && typeof body === 'object' ? (body as { resume?: unknown }).resume : null;
  return note && typeof note === 'object' ? (note as Record<string, unknown>) : null;
}
