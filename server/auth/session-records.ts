import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { STEP_UP_WINDOW_S } from '../../contracts/constants';
import { refreshTokens, userSessions } from '../db/schema';
import type { Database, Executor } from '../db/types';
import type { Clock } from '../services/clock';
import { placeOfAddress } from './session-place';

/** What a browser sends is cut to this length before it is stored: enough for every real User-Agent. */
const USER_AGENT_MAX = 512;
/** last_seen_at moves at most this often, so a busy session does not write on every refresh. */
const LAST_SEEN_STEP_MS = 60_000;

/**
 * A new session (a sign-in on one device): its id is the family id of its refresh tokens and the `sid`
 * of its access tokens. `secondFactorAt` is set when the sign-in itself proved a second factor.
 */
export async function startSession(
  executor: Executor,
  input: { userId: string; userAgent: string; ip: string; secondFactorAt: Date | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await executor.insert(userSessions).values({
    id,
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    userAgent: input.userAgent.slice(0, USER_AGENT_MAX),
    ip: input.ip,
    place: await placeOfAddress(input.ip),
    secondFactorAt: input.secondFactorAt,
  });
  return id;
}

/** The session just proved a second factor (a TOTP, a recovery code or a passkey): step-up holds for STEP_UP_WINDOW_S. */
export async function markSecondFactor(executor: Executor, sessionId: string, now: Date): Promise<void> {
  await executor
    .update(userSessions)
    .set({ secondFactorAt: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** The open session proved a second factor within the last STEP_UP_WINDOW_S. */
export async function hasFreshSecondFactor(executor: Executor, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await executor
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.id, sessionId),
        isNull(userSessions.revokedAt),
        gt(userSessions.secondFactorAt, new Date(now.getTime() - STEP_UP_WINDOW_S * 1000)),
      ),
    );
  return row !== undefined;
}

/** A refresh of the session: it was seen now (written at most once a minute). */
export async function touchSession(executor: Executor, sessionId: string, now: Date): Promise<void> {
  await executor
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(userSessions.id, sessionId), lt(userSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS))));
}

/**
 * Ends a user's open sessions: all of them, one (`only`), or all but one (`except`). Their refresh tokens
 * are revoked with them; their access tokens are refused from then on (SessionStatus). Returns the ids ended.
 */
export async function endSessions(
  executor: Executor,
  userId: string,
  which: { only?: string; except?: string },
  now: Date,
): Promise<string[]> {
  const ended = await executor
    .update(userSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        which.only !== undefined ? eq(userSessions.id, which.only) : undefined,
        which.except !== undefined ? ne(userSessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  const ids = ended.map((row) => row.id);
  // Families of tokens made before sessions existed have no row: "all" reaches them through the user.
  const allOfUser = which.only === undefined && which.except === undefined;
  if (ids.length > 0 || allOfUser) {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          allOfUser ? undefined : inArray(refreshTokens.familyId, ids),
        ),
      );
  }
  return ids;
}

/** How long one node trusts its last look at a session (as USER_STATUS_CACHE_TTL_MS for accounts). */
export const SESSION_STATUS_CACHE_TTL_MS = 5_000;
const SESSION_STATUS_CACHE_SIZE = 10_000;

export interface SessionStatus {
  /** The session is still open: checked on every authenticated call, cached briefly. */
  isOpen(sessionId: string): Promise<boolean>;
  /** `isOpen`'s answer from memory alone while it is fresh, or undefined when it would read the database. */
  peek(sessionId: string): boolean | undefined;
  /** Drops what this node remembers of these sessions (call it after ending them): refused at once here. */
  forget(sessionIds: readonly string[]): void;
  /** Drops what this node remembers of all of a user's sessions. */
  forgetUser(userId: string): void;
}

export function createSessionStatus(deps: { db: Database; clock: Clock; ttlMs?: number }): SessionStatus {
  const ttlMs = deps.ttlMs ?? SESSION_STATUS_CACHE_TTL_MS;
  // Map keeps insertion order; a fresh look is re-inserted, so the first key is the least recently checked.
  const seen = new Map<string, { open: boolean; userId: string | null; checkedAtMs: number }>();
  const peek = (sessionId: string): boolean | undefined => {
    const nowMs = deps.clock.now().getTime();
    const known = seen.get(sessionId);
    return known && nowMs - known.checkedAtMs < ttlMs && nowMs >= known.checkedAtMs ? known.open : undefined;
  };
  return {
    peek,
    async isOpen(sessionId) {
      const known = peek(sessionId);
      if (known !== undefined) return known;
      const nowMs = deps.clock.now().getTime();
      const [row] = await deps.db
        .select({ userId: userSessions.userId, revokedAt: userSessions.revokedAt })
        .from(userSessions)
        .where(eq(userSessions.id, sessionId));
      const open = row !== undefined && row.revokedAt === null;
      seen.delete(sessionId);
      if (seen.size >= SESSION_STATUS_CACHE_SIZE) seen.delete(seen.keys().next().value as string);
      seen.set(sessionId, { open, userId: row?.userId ?? null, checkedAtMs: nowMs });
      return open;
    },
    forget(sessionIds) {
      for (const id of sessionIds) seen.delete(id);
    },
    forgetUser(userId) {
      // Rare (a password reset, a closed account): a walk over at most SESSION_STATUS_CACHE_SIZE entries.
      for (const [id, entry] of seen) if (entry.userId === userId) seen.delete(id);
    },
  };
}
