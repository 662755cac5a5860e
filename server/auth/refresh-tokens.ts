import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S } from '../../contracts/constants';
import { refreshTokens } from '../db/schema';
import type { Database, Executor } from '../db/types';
import type { Clock } from '../services/clock';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { endSessions, touchSession } from './session-records';

export type RotationResult =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'invalid' | 'reused'; endedSessionId?: string };

export interface RefreshTokens {
  /** The first token of a family: a session just started (session-records.ts startSession), whose id is the family's. */
  issue(executor: Executor, userId: string, sessionId: string): Promise<string>;
  /** Trades a token for a new one of the same family (the session is seen); a used token ends the session. */
  rotate(token: string): Promise<RotationResult>;
  /** Sign-out: ends the token's session; answers its id (null for an unknown token). */
  revokeFamilyOf(token: string): Promise<string | null>;
  /** Ends every session of the user (a password reset, a closed account). */
  revokeAllOfUser(executor: Executor, userId: string): Promise<void>;
}

export function createRefreshTokens(db: Database, clock: Clock): RefreshTokens {
  async function insert(executor: Executor, userId: string, familyId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await executor.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashOpaqueToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
    });
    return token;
  }

  const revokeFamily = async (executor: Executor, userId: string, familyId: string) => {
    await endSessions(executor, userId, { only: familyId }, clock.now());
    // A family made before sessions existed has no session row: its tokens go all the same.
    await executor
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  };

  return {
    issue: (executor, userId, sessionId) => insert(executor, userId, sessionId),

    rotate: (token) =>
      db.transaction(async (tx): Promise<RotationResult> => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)))
          .for('update');
        if (!row || row.revokedAt) return { ok: false, reason: 'invalid' };
        if (row.usedAt) {
          // Someone replays a token that was already traded: the family may be stolen, so end it.
          await revokeFamily(tx, row.userId, row.familyId);
          return { ok: false, reason: 'reused', endedSessionId: row.familyId };
        }
        const now = clock.now();
        if (row.expiresAt <= now) return { ok: false, reason: 'invalid' };
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
        await touchSession(tx, row.familyId, now);
        return { ok: true, userId: row.userId, sessionId: row.familyId, refreshToken: await insert(tx, row.userId, row.familyId) };
      }),

    async revokeFamilyOf(token) {
      const [row] = await db
        .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
      if (!row) return null;
      await db.transaction((tx) => revokeFamily(tx, row.userId, row.familyId));
      return row.familyId;
    },

    async revokeAllOfUser(executor, userId) {
      await endSessions(executor, userId, {}, clock.now());
    },
  };
}
