import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import { errorCodes } from '../../../contracts/errors';
import { holdsMoneyPermission } from '../../../contracts/permissions';
import type { Passkey, PasskeyRegistered, SecondFactorStatus, TotpEnrolment } from '../../../contracts/second-factor';
import { securityMessages as s } from '../../../contracts/security-messages';
import { totpStepOf, WEBAUTHN_CHALLENGE_TTL_MS, webAuthn, type RelyingParty } from '../../auth/second-factor-proofs';
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT, type SecondFactorSecrets } from '../../auth/second-factor-secrets';
import { hasSecondFactor } from '../../auth/second-factor-status';
import { passkeys, recoveryCodes, secondFactorChallenges, totpFactors, webauthnChallenges } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, invalid, notFound } from '../../domain/errors';
import { findUserWithGrants } from '../../users/users-repository';
import type { Clock } from '../clock';

export interface EnrolmentDeps {
  db: Database;
  clock: Clock;
  secrets: SecondFactorSecrets;
  relyingParty: RelyingParty;
  adminSecondFactor: 'required' | 'optional';
}

type WebauthnPurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

const presentPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** A new set of recovery codes replaces the old one entirely; the codes are answered once and only their hashes kept. */
async function replaceRecoveryCodes(executor: Executor, secrets: SecondFactorSecrets, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: secrets.hashRecoveryCode(normalizeRecoveryCode(code)) })));
  return codes;
}

/** After a factor's removal: an account left without any holds no recovery codes nor pending sign-ins. */
async function forgetCodesIfNoFactorLeft(executor: Executor, userId: string): Promise<void> {
  if (await hasSecondFactor(executor, userId)) return;
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
}

/** Turning second factors on and off for one's own account (docs/security.md, Second factors). */
export function createSecondFactorEnrolment({ db, clock, secrets, relyingParty, adminSecondFactor }: EnrolmentDeps) {
  /** The WebAuthn challenge given to this account for `purpose`, while it lasts (null when none or expired). */
  const webauthnChallengeOf = async (executor: Executor, userId: string, purpose: WebauthnPurpose, now: Date) => {
    const [row] = await executor
      .select({ challenge: webauthnChallenges.challenge })
      .from(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)));
    return row?.challenge ?? null;
  };
  /**
   * A verified answer spends its challenge, once: false when another answer spent it first. A refused answer
   * leaves it (the browser may try again until it expires): a signature binds to it, so it cannot be replayed.
   */
  const spendWebauthnChallenge = async (executor: Executor, userId: string, purpose: WebauthnPurpose, challenge: string) => {
    const spent = await executor
      .delete(webauthnChallenges)
      .where(
        and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose), eq(webauthnChallenges.challenge, challenge)),
      )
      .returning({ userId: webauthnChallenges.userId });
    return spent.length > 0;
  };
  const keepWebauthnChallenge = async (userId: string, purpose: WebauthnPurpose, challenge: string, now: Date) => {
    const expiresAt = new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS);
    await db
      .insert(webauthnChallenges)
      .values({ userId, purpose, challenge, expiresAt })
      .onConflictDoUpdate({ target: [webauthnChallenges.userId, webauthnChallenges.purpose], set: { challenge, expiresAt } });
  };

  return {
    webauthnChallengeOf,
    spendWebauthnChallenge,
    keepWebauthnChallenge,

    async status(userId: string): Promise<SecondFactorStatus> {
      const [[totp], keys, [codes], found] = await Promise.all([
        db
          .select({ confirmedAt: totpFactors.confirmedAt })
          .from(totpFactors)
          .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
        db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt),
        db
          .select({ left: sql<number>`count(*)::int` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
        findUserWithGrants(db, userId),
      ]);
      const permissions = found?.grants.permissions.map((p) => p.name) ?? [];
      return {
        totp: totp?.confirmedAt ? { created_at: totp.confirmedAt.toISOString() } : null,
        passkeys: keys.map(presentPasskey),
        recovery_codes_left: Number(codes?.left ?? 0),
        enrolled: totp !== undefined || keys.length > 0,
        required: adminSecondFactor === 'required' && holdsMoneyPermission(permissions),
      };
    },

    /** A new secret for the authenticator app, pending until its first code confirms it (a new start replaces it). */
    async startTotp(userId: string, email: string): Promise<TotpEnrolment> {
      const now = clock.now();
      const secret = generateSecret();
      const sealed = secrets.seal(secret);
      const [pending] = await db
        .insert(totpFactors)
        .values({ userId, secretCiphertext: sealed, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretCiphertext: sealed, createdAt: now, lastAcceptedStep: null },
          setWhere: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      if (!pending) throw conflict(errorCodes.totpAlreadyEnabled, s.totpAlreadyEnabled);
      return { secret, otpauth_url: generateURI({ issuer: relyingParty.name, label: email, secret }) };
    },

    /** The first code of the app turns it on, and the account gets a new set of recovery codes. */
    async confirmTotp(userId: string, code: string): Promise<string[]> {
      const now = clock.now();
      const [pending] = await db
        .select()
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
      if (!pending) throw conflict(errorCodes.totpNotPending, s.totpNotPending);
      const step = await totpStepOf({
        secret: secrets.open(pending.secretCiphertext),
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
      });
      if (step === null) throw invalid(errorCodes.secondFactorInvalid, s.secondFactorInvalid);
      return db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(totpFactors)
          .set({ confirmedAt: now, lastAcceptedStep: step })
          .where(
            and(
              eq(totpFactors.userId, userId),
              isNull(totpFactors.confirmedAt),
              eq(totpFactors.secretCiphertext, pending.secretCiphertext),
            ),
          )
          .returning({ userId: totpFactors.userId });
        if (!confirmed) throw conflict(errorCodes.totpNotPending, s.totpNotPending);
        return replaceRecoveryCodes(tx, secrets, userId);
      });
    },

    async removeTotp(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(totpFactors)
          .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
          .returning({ userId: totpFactors.userId });
        if (!removed) throw notFound(errorCodes.totpNotFound, s.totpNotFound);
        await forgetCodesIfNoFactorLeft(tx, userId);
      });
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        if (!(await hasSecondFactor(tx, userId))) throw conflict(errorCodes.secondFactorNotEnrolled, s.secondFactorNotEnrolled);
        return replaceRecoveryCodes(tx, secrets, userId);
      });
    },

    /** Options for navigator.credentials.create(); the challenge is kept for the registration that follows. */
    async passkeyCreationOptions(user: { id: string; email: string; name: string }) {
      const existing = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      const options = await webAuthn().generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
        attestationType: 'none',
        excludeCredentials: existing,
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: WEBAUTHN_CHALLENGE_TTL_MS - 60_000,
      });
      await keepWebauthnChallenge(user.id, 'register', options.challenge, clock.now());
      return options;
    },

    /** A passkey made by the browser over the kept challenge; recovery codes come with the account's first factor. */
    async registerPasskey(userId: string, name: string, response: RegistrationResponseJSON): Promise<PasskeyRegistered> {
      const now = clock.now();
      const passkeyInvalid = () => invalid(errorCodes.passkeyInvalid, s.passkeyInvalid);
      const expectedChallenge = await webauthnChallengeOf(db, userId, 'register', now);
      if (!expectedChallenge) throw passkeyInvalid();
      const verification = await webAuthn()
        .verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          requireUserVerification: false,
        })
        .catch(() => null);
      if (!verification?.verified) throw passkeyInvalid();
      const { credential } = verification.registrationInfo;
      return db.transaction(async (tx) => {
        if (!(await spendWebauthnChallenge(tx, userId, 'register', expectedChallenge))) throw passkeyInvalid();
        const first = !(await hasSecondFactor(tx, userId));
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
            createdAt: now,
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        // The same authenticator registered twice (here or on another account).
        if (!row) throw passkeyInvalid();
        return { passkey: presentPasskey(row), recovery_codes: first ? await replaceRecoveryCodes(tx, secrets, userId) : null };
      });
    },

    async removePasskey(userId: string, passkeyId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)))
          .returning({ id: passkeys.id });
        if (!removed) throw notFound(errorCodes.passkeyNotFound, s.passkeyNotFound);
        await forgetCodesIfNoFactorLeft(tx, userId);
      });
    },
  };
}
export type SecondFactorEnrolment = ReturnType<typeof createSecondFactorEnrolment>;
