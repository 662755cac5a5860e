import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { errorCodes } from '../../../contracts/errors';
import { securityMessages as s } from '../../../contracts/security-messages';
import type { SecondFactorProofs } from '../../auth/second-factor-proofs';
import { markSecondFactor } from '../../auth/session-records';
import { accountOfChallenge, challengeInvalid, endChallenge, setWebauthnChallenge, takeChallengeTry } from '../../auth/sign-in-challenges';
import type { Database } from '../../db/types';
import { notFound, unauthenticated } from '../../domain/errors';
import type { Clock } from '../clock';
import type { SecondFactorEnrolment } from './second-factor-enrolment';

const wrongCode = () => unauthenticated(errorCodes.secondFactorInvalid, s.secondFactorInvalid);
const noPasskey = () => notFound(errorCodes.passkeyNotFound, s.passkeyNotFound);

/**
 * Proving a second factor (docs/security.md): to finish a sign-in that passed its password (the challenge
 * of POST /sessions), or to step up a session already open before a money action. Every try counts
 * against the account's limit before it is checked; a right one gives its count back.
 */
export function createSecondFactorChecks(deps: {
  db: Database;
  clock: Clock;
  proofs: SecondFactorProofs;
  enrolment: SecondFactorEnrolment;
}) {
  const { db, clock, proofs, enrolment } = deps;

  /** Checks one proof for the account, counting it; throws 401 auth.second_factor_invalid when wrong. */
  const prove = async (userId: string, check: (now: Date) => Promise<boolean>) => {
    const now = clock.now();
    const counted = await proofs.reserveTry(userId, now);
    if (!(await check(now))) throw wrongCode();
    await counted.right();
  };

  return {
    /** The sign-in's second step with a TOTP or recovery code: the account whose sign-in is now complete. */
    async completeWithCode(challenge: string, code: string): Promise<string> {
      const { userId } = await takeChallengeTry(db, challenge, clock.now());
      await prove(userId, (now) => proofs.spendCode(userId, code, now));
      await endChallenge(db, challenge);
      return userId;
    },

    async signInPasskeyOptions(challenge: string) {
      const userId = await accountOfChallenge(db, challenge, clock.now());
      const options = await proofs.passkeyRequestOptions(userId);
      if (!options) throw noPasskey();
      await setWebauthnChallenge(db, challenge, options.challenge);
      return options;
    },

    async completeWithPasskey(challenge: string, response: AuthenticationResponseJSON): Promise<string> {
      const { userId, webauthnChallenge } = await takeChallengeTry(db, challenge, clock.now());
      // The options were never asked for this challenge: nothing the answer could have signed.
      if (!webauthnChallenge) throw challengeInvalid();
      await prove(userId, (now) => proofs.verifyPasskey(userId, response, webauthnChallenge, now));
      await endChallenge(db, challenge);
      return userId;
    },

    /** Step-up with a code: the caller's session holds a fresh second factor from now. */
    async stepUpWithCode(userId: string, sessionId: string, code: string): Promise<void> {
      await prove(userId, (now) => proofs.spendCode(userId, code, now));
      await markSecondFactor(db, sessionId, clock.now());
    },

    async stepUpPasskeyOptions(userId: string) {
      const options = await proofs.passkeyRequestOptions(userId);
      if (!options) throw noPasskey();
      await enrolment.keepWebauthnChallenge(userId, 'step_up', options.challenge, clock.now());
      return options;
    },

    async stepUpWithPasskey(userId: string, sessionId: string, response: AuthenticationResponseJSON): Promise<void> {
      await prove(userId, async (now) => {
        const expected = await enrolment.webauthnChallengeOf(db, userId, 'step_up', now);
        if (expected === null || !(await proofs.verifyPasskey(userId, response, expected, now))) return false;
        return enrolment.spendWebauthnChallenge(db, userId, 'step_up', expected);
      });
      await markSecondFactor(db, sessionId, clock.now());
    },
  };
}
export type SecondFactorChecks = ReturnType<typeof createSecondFactorChecks>;
