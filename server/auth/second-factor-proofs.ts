import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { verify as verifyTotp } from 'otplib';
import { errorCodes } from '../../contracts/errors';
import { SECOND_FACTOR_ACCOUNT_LIMIT } from '../../contracts/second-factor';
import { securityMessages as s } from '../../contracts/security-messages';
import { passkeys, recoveryCodes, secondFactorFailures, totpFactors } from '../db/schema';
import type { Database } from '../db/types';
import { limited } from '../domain/errors';
import { isRecoveryCodeShape, normalizeRecoveryCode, type SecondFactorSecrets } from './second-factor-secrets';
import { onFirstUse } from '../services/on-first-use';

/** The passkey library, loaded on first use: for the proofs here and for enrolment. */
export const webAuthn = onFirstUse<typeof import('@simplewebauthn/server')>('@simplewebauthn/server');

/** TOTP as every authenticator app reads an otpauth URL: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
/** One step either side of now: a phone's clock a little off, or a code typed as it turned. */
export const TOTP_TOLERANCE_S = TOTP_PERIOD_S;

/**
 * The 30-second step of a right TOTP code, within one step of `epoch` and after `afterTimeStep`; null when
 * wrong (otplib's verify types its answer for HOTP and TOTP alike: only a TOTP one carries the step).
 */
export async function totpStepOf(options: {
  secret: string;
  token: string;
  epoch: number;
  afterTimeStep?: number;
}): Promise<number | null> {
  const result = await verifyTotp({ ...options, epochTolerance: TOTP_TOLERANCE_S });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Where passkeys are valid: the site's host name and origin (PUBLIC_URL). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}
export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Semear' };
};

/** How long a WebAuthn challenge may wait for its answer (the browser's own timeout is a little shorter). */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
const WEBAUTHN_TIMEOUT_MS = 4 * 60_000;

/**
 * Checking a second factor of one account (docs/security.md, Second factors), for the sign-in's second
 * step and for step-up alike. Every accepted code is spent at once, atomically: a TOTP step is never
 * accepted twice for an account (even within its window), a recovery code only once.
 */
export function createSecondFactorProofs(deps: { db: Database; secrets: SecondFactorSecrets; relyingParty: RelyingParty }) {
  const { db, secrets, relyingParty } = deps;
  const windowMs = SECOND_FACTOR_ACCOUNT_LIMIT.windowS * 1000;

  /** A TOTP code of the account's app, not older than its last accepted step; that step is then spent. */
  const spendTotp = async (userId: string, code: string, now: Date): Promise<boolean> => {
    const [factor] = await db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), sql`${totpFactors.confirmedAt} is not null`));
    if (!factor) return false;
    const step = await totpStepOf({
      secret: secrets.open(factor.secretCiphertext),
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      ...(factor.lastAcceptedStep === null ? {} : { afterTimeStep: factor.lastAcceptedStep }),
    });
    if (step === null) return false;
    // Two requests with the same code at once: only the one that moves the step forward wins.
    const [spent] = await db
      .update(totpFactors)
      .set({ lastAcceptedStep: step })
      .where(
        and(eq(totpFactors.userId, userId), sql`(${totpFactors.lastAcceptedStep} is null or ${totpFactors.lastAcceptedStep} < ${step})`),
      )
      .returning({ userId: totpFactors.userId });
    return spent !== undefined;
  };

  const spendRecoveryCode = async (userId: string, code: string, now: Date): Promise<boolean> => {
    const [spent] = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, secrets.hashRecoveryCode(normalizeRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ userId: recoveryCodes.userId });
    return spent !== undefined;
  };

  return {
    /**
     * Counts a code against the account's limit before it is checked (so many sent at once cannot all be
     * checked): 429 past SECOND_FACTOR_ACCOUNT_LIMIT.maxWrong in the window. `right()` takes the count back.
     */
    async reserveTry(userId: string, now: Date): Promise<{ right(): Promise<void> }> {
      const windowOver = sql`${secondFactorFailures.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(secondFactorFailures)
        .values({ userId, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: secondFactorFailures.userId,
          set: {
            failures: sql`case when ${windowOver} then 1 else ${secondFactorFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${secondFactorFailures.windowStartedAt} end`,
          },
        })
        .returning({ failures: secondFactorFailures.failures });
      if (row!.failures > SECOND_FACTOR_ACCOUNT_LIMIT.maxWrong) {
        throw limited(errorCodes.secondFactorLocked, s.secondFactorLocked);
      }
      return {
        async right() {
          await db
            .update(secondFactorFailures)
            .set({ failures: sql`${secondFactorFailures.failures} - 1` })
            .where(and(eq(secondFactorFailures.userId, userId), gt(secondFactorFailures.failures, 0)));
        },
      };
    },

    /** A TOTP code or a recovery code of the account, spent if right. */
    spendCode: (userId: string, code: string, now: Date): Promise<boolean> =>
      isRecoveryCodeShape(code) ? spendRecoveryCode(userId, code, now) : spendTotp(userId, code.trim(), now),

    /** Options for navigator.credentials.get() with the account's passkeys; `challenge` is what the answer must sign. */
    async passkeyRequestOptions(userId: string) {
      const credentials = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      if (credentials.length === 0) return null;
      return webAuthn().generateAuthenticationOptions({
        rpID: relyingParty.id,
        allowCredentials: credentials,
        userVerification: 'preferred',
        timeout: WEBAUTHN_TIMEOUT_MS,
      });
    },

    /** An assertion by one of the account's passkeys over `expectedChallenge`; its counter and last use recorded. */
    async verifyPasskey(userId: string, response: AuthenticationResponseJSON, expectedChallenge: string, now: Date): Promise<boolean> {
      const [passkey] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id)));
      if (!passkey) return false;
      const verification = await webAuthn()
        .verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: false,
        })
        .catch(() => null);
      if (!verification?.verified) return false;
      const { newCounter } = verification.authenticationInfo;
      // A counter that did not grow (when the authenticator counts at all) is a cloned key's sign: the library refuses it.
      const [used] = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(and(eq(passkeys.id, passkey.id), newCounter > 0 ? lt(passkeys.counter, newCounter) : undefined))
        .returning({ id: passkeys.id });
      return used !== undefined;
    },
  };
}
export type SecondFactorProofs = ReturnType<typeof createSecondFactorProofs>;
