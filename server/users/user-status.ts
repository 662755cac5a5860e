import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import type { RefreshTokens } from '../auth/refresh-tokens';
import type { SessionStatus } from '../auth/session-records';

/**
 * How long one node trusts its last look at a user's status. API nodes are stateless and may be
 * several (docs/design.md §1): a change made on another node, or straight in the database, is seen here
 * within this time; on the node that made it, at once (`forget`).
 */
export const USER_STATUS_CACHE_TTL_MS = 5_000;
const USER_STATUS_CACHE_SIZE = 10_000;

export interface UserStatus {
  /** The user exists, is active and not deleted: checked on every authenticated call, cached briefly. */
  isUsable(userId: string): Promise<boolean>;
  /** `isUsable`'s answer from memory alone while it is fresh, or undefined when it would read the database. */
  peek(userId: string): boolean | undefined;
  /** Drops what this node remembers of the user: call it after any change to the account. */
  forget(userId: string): void;
}

export function createUserStatus(deps: { db: Database; clock: Clock; ttlMs?: number }): UserStatus {
  const ttlMs = deps.ttlMs ?? USER_STATUS_CACHE_TTL_MS;
  // Map keeps insertion order; a fresh look is re-inserted, so the first key is the least recently checked.
  const seen = new Map<string, { usable: boolean; checkedAtMs: number }>();
  const peek = (userId: string): boolean | undefined => {
    const nowMs = deps.clock.now().getTime();
    const known = seen.get(userId);
    return known && nowMs - known.checkedAtMs < ttlMs && nowMs >= known.checkedAtMs ? known.usable : undefined;
  };
  return {
    peek,
    async isUsable(userId) {
      const known = peek(userId);
      if (known !== undefined) return known;
      const nowMs = deps.clock.now().getTime();
      const [row] = await deps.db.select({ active: users.active, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
      const usable = row !== undefined && row.active && row.deletedAt === null;
      seen.delete(userId);
      if (seen.size >= USER_STATUS_CACHE_SIZE) seen.delete(seen.keys().next().value as string);
      seen.set(userId, { usable, checkedAtMs: nowMs });
      return usable;
    },
    forget(userId) {
      seen.delete(userId);
    },
  };
}

export interface AccountClosing {
  /** The account can no longer sign in; open access tokens stop at once on this node. */
  deactivate(userId: string): Promise<void>;
  /** Soft delete (the money history stays); open access tokens stop at once on this node. */
  delete(userId: string): Promise<void>;
}

/** Closing an account: mark it, end every session (refresh tokens) and drop the cached status. */
export function createAccountClosing(deps: {
  db: Database;
  clock: Clock;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
}): AccountClosing {
  async function close(userId: string, changes: (now: Date) => Partial<typeof users.$inferInsert>) {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await tx
        .update(users)
        .set({ ...changes(now), updatedAt: now })
        .where(eq(users.id, userId));
      await deps.refreshTokens.revokeAllOfUser(tx, userId);
    });
    deps.userStatus.forget(userId);
    deps.sessionStatus.forgetUser(userId);
  }
  return {
    deactivate: (userId) => close(userId, (now) => ({ active: false, inactivatedAt: now })),
    delete: (userId) => close(userId, (now) => ({ deletedAt: now })),
  };
}
