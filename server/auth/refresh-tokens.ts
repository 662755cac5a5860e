import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S } from '../../contracts/constants';
import { refreshTokens } from '../db/schema';
import type { Database, Executor } from '../db/types';
import type { Clock } from '../services/clock';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';

export type RotationResult = { ok: true; userId: string; refreshToken: string } | { ok: false; reason: 'invalid' | 'reused' };

export interface RefreshTokens {
  /** Starts a new family (a sign-in). */
  issue(executor: Executor, userId: string): Promise<string>;
  /** Trades a token for a new one of the same family; a used token revokes the family. */
  rotate(token: string): Promise<RotationResult>;
  revokeFamilyOf(token: string): Promise<void>;
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

  const revokeFamily = (executor: Executor, familyId: string) =>
    executor
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

  return {
    issue: (executor, userId) => insert(executor, userId, randomUUID()),

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
          await revokeFamily(tx, row.familyId);
          return { ok: false, reason: 'reused' };
        }
        const now = clock.now();
        if (row.expiresAt <= now) return { ok: false, reason: 'invalid' };
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
        return { ok: true, userId: row.userId, refreshToken: await insert(tx, row.userId, row.familyId) };
      }),

    async revokeFamilyOf(token) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
      if (row) await revokeFamily(db, row.familyId);
    },

    async revokeAllOfUser(executor, userId) {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
