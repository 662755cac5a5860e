import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { errorCodes } from '../../contracts/errors';
import { SECOND_FACTOR_CHALLENGE_MAX_WRONG, SECOND_FACTOR_CHALLENGE_TTL_S } from '../../contracts/second-factor';
import { securityMessages as s } from '../../contracts/security-messages';
import { secondFactorChallenges } from '../db/schema';
import type { Executor } from '../db/types';
import { DomainError, unauthenticated } from '../domain/errors';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { secondFactorMethodsOf } from './second-factor-status';

/**
 * The sign-in's second step (docs/security.md, Second factors): a password that matched for an account
 * with a second factor gets, instead of tokens, a challenge (an opaque token, only its hash kept) that a
 * TOTP code, a recovery code or a passkey must complete within SECOND_FACTOR_CHALLENGE_TTL_S. Each code
 * tried counts first; the SECOND_FACTOR_CHALLENGE_MAX_WRONG-th wrong one kills the challenge.
 */

export const challengeInvalid = () => unauthenticated(errorCodes.secondFactorChallengeInvalid, s.secondFactorChallengeInvalid);

/** For an account with a second factor: throws the 401 auth.second_factor_required carrying a new challenge and the methods. */
export async function challengeIfEnrolled(executor: Executor, userId: string, now: Date): Promise<void> {
  const methods = await secondFactorMethodsOf(executor, userId);
  if (methods.length === 0) return;
  const challenge = newOpaqueToken();
  // Expired challenges of anyone go here: no job needed, and the table stays small.
  await executor.delete(secondFactorChallenges).where(lte(secondFactorChallenges.expiresAt, now));
  await executor.insert(secondFactorChallenges).values({
    tokenHash: hashOpaqueToken(challenge),
    userId,
    expiresAt: new Date(now.getTime() + SECOND_FACTOR_CHALLENGE_TTL_S * 1000),
  });
  throw new DomainError('unauthenticated', errorCodes.secondFactorRequired, s.secondFactorRequired, { challenge, methods });
}

const live = (challenge: string, now: Date) =>
  and(
    eq(secondFactorChallenges.tokenHash, hashOpaqueToken(challenge)),
    gt(secondFactorChallenges.expiresAt, now),
    lt(secondFactorChallenges.wrongCodes, SECOND_FACTOR_CHALLENGE_MAX_WRONG),
  );

/** The account of a live challenge, counting this try as wrong until `end` (a right one) removes it; 401 if dead. */
export async function takeChallengeTry(
  executor: Executor,
  challenge: string,
  now: Date,
): Promise<{ userId: string; webauthnChallenge: string | null }> {
  const [row] = await executor
    .update(secondFactorChallenges)
    .set({ wrongCodes: sql`${secondFactorChallenges.wrongCodes} + 1` })
    .where(live(challenge, now))
    .returning({ userId: secondFactorChallenges.userId, webauthnChallenge: secondFactorChallenges.webauthnChallenge });
  if (!row) throw challengeInvalid();
  return row;
}

/** The account of a live challenge, without counting a try (asking for passkey options). */
export async function accountOfChallenge(executor: Executor, challenge: string, now: Date): Promise<string> {
  const [row] = await executor.select({ userId: secondFactorChallenges.userId }).from(secondFactorChallenges).where(live(challenge, now));
  if (!row) throw challengeInvalid();
  return row.userId;
}

/** The WebAuthn challenge the passkey step's answer must sign. */
export async function setWebauthnChallenge(executor: Executor, challenge: string, webauthnChallenge: string): Promise<void> {
  await executor
    .update(secondFactorChallenges)
    .set({ webauthnChallenge })
    .where(eq(secondFactorChallenges.tokenHash, hashOpaqueToken(challenge)));
}

/** A completed challenge is spent. */
export async function endChallenge(executor: Executor, challenge: string): Promise<void> {
  await executor.delete(secondFactorChallenges).where(eq(secondFactorChallenges.tokenHash, hashOpaqueToken(challenge)));
}
