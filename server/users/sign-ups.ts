import { and, eq, gt, lte } from 'drizzle-orm';
import { SIGN_UP_CONFIRMATION_TTL_S, SIGN_UP_MAIL_INTERVAL_S, type Locale } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import { authMessages } from '../../contracts/auth-messages';
import { messages as m } from '../../contracts/messages';
import type { Session, SignUp } from '../../contracts/user';
import type { AccessTokens } from '../auth/access-tokens';
import { createSessionIssuer, type SignInContext } from '../services/auth/sessions';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens';
import { hashPassword } from '../auth/passwords';
import type { RefreshTokens } from '../auth/refresh-tokens';
import { isUniqueViolation } from '../db/errors';
import { pendingSignUps, signUpNotices, users } from '../db/schema';
import type { Database, Executor } from '../db/types';
import { conflict, invalid } from '../domain/errors';
import type { Translator } from '../i18n/translator';
import type { Clock } from '../services/clock';
import { enqueueMail } from '../services/mail/mail-outbox';
import { accountExistsMail, signUpConfirmationMail } from '../services/mail/sign-up-mails';
import { findUserByEmail, findUserById, insertUser, isUsable, type UserRow } from './users-repository';

export interface SignUps {
  /**
   * What a sign-up does, after its answer: a free address gets a pending sign-up and its confirmation
   * link by mail; a taken one changes nothing and its owner is told. At most one mail per address per
   * SIGN_UP_MAIL_INTERVAL_S either way: within it a new sign-up changes nothing (the mailed link stays the working one).
   */
  request(input: SignUp, locale: Locale, returnUrl: string | null): Promise<void>;
  /** Opens the link: creates the DONOR and signs them in. Refuses an unknown, used or expired token, and a taken address. */
  confirm(token: string, context: SignInContext): Promise<Session>;
}

export function createSignUps(deps: {
  db: Database;
  clock: Clock;
  translator: Translator;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  publicUrl: string;
}): SignUps {
  const { db, clock, translator, publicUrl } = deps;
  const issueSession = createSessionIssuer(deps);
  const intervalAgo = (now: Date) => new Date(now.getTime() - SIGN_UP_MAIL_INTERVAL_S * 1000);
  const withReturn = (path: string, params: Record<string, string>, returnUrl: string | null) =>
    `${publicUrl}${path}?${new URLSearchParams({ ...params, ...(returnUrl ? { return_url: returnUrl } : {}) }).toString()}`;

  async function tellOwner(tx: Executor, owner: UserRow, locale: Locale, returnUrl: string | null, now: Date) {
    // A closed or deactivated account can neither sign in nor reset: as with the reset, nothing is sent.
    if (!isUsable(owner)) return;
    // The conditional upsert is the limit: of concurrent sign-ups only one finds the last notice old enough.
    const [due] = await tx
      .insert(signUpNotices)
      .values({ email: owner.email, mailedAt: now })
      .onConflictDoUpdate({ target: signUpNotices.email, set: { mailedAt: now }, setWhere: lte(signUpNotices.mailedAt, intervalAgo(now)) })
      .returning({ email: signUpNotices.email });
    if (!due) return;
    const links = {
      signIn: withReturn('/signin', { email: owner.email }, returnUrl),
      reset: withReturn('/reset-password', { email: owner.email }, null),
    };
    // The owner did not ask for this mail: their own language when known, else the one the sign-up came in.
    await enqueueMail(tx, accountExistsMail(translator, owner.locale ?? locale, owner, links), now);
  }

  async function storePending(tx: Executor, input: SignUp, passwordHash: string, locale: Locale, returnUrl: string | null, now: Date) {
    const token = newOpaqueToken();
    const fields = {
      tokenHash: hashOpaqueToken(token),
      name: input.name,
      passwordHash,
      personType: input.person_type,
      cpf: input.cpf,
      cnpj: input.cnpj,
      phone: input.phone,
      birthDate: input.birth_date,
      locale,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_UP_CONFIRMATION_TTL_S * 1000),
    };
    // Replaces an older sign-up of the address only once its mail is SIGN_UP_MAIL_INTERVAL_S old.
    const [stored] = await tx
      .insert(pendingSignUps)
      .values({ email: input.email, ...fields })
      .onConflictDoUpdate({ target: pendingSignUps.email, set: fields, setWhere: lte(pendingSignUps.createdAt, intervalAgo(now)) })
      .returning({ email: pendingSignUps.email });
    if (!stored) return;
    const link = withReturn('/signup/confirm', { token }, returnUrl);
    await enqueueMail(tx, signUpConfirmationMail(translator, locale, { name: input.name, email: input.email }, link), now);
  }

  return {
    async request(input, locale, returnUrl) {
      // Hashed whatever the address, so both cases cost the same work.
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // What is no longer needed goes: expired sign-ups hold a password hash and personal data.
        await tx.delete(pendingSignUps).where(lte(pendingSignUps.expiresAt, now));
        await tx.delete(signUpNotices).where(lte(signUpNotices.mailedAt, intervalAgo(now)));
        const owner = await findUserByEmail(tx, input.email);
        if (owner) await tellOwner(tx, owner, locale, returnUrl, now);
        else await storePending(tx, input, passwordHash, locale, returnUrl, now);
      });
    },

    async confirm(token, context) {
      const now = clock.now();
      const emailTaken = conflict(errorCodes.emailTaken, m.emailTaken);
      let userId: string | null;
      try {
        userId = await db.transaction(async (tx) => {
          // Deleting it is the single-use check: of two concurrent opens only one gets the row.
          const [pending] = await tx
            .delete(pendingSignUps)
            .where(and(eq(pendingSignUps.tokenHash, hashOpaqueToken(token)), gt(pendingSignUps.expiresAt, now)))
            .returning();
          if (!pending) throw invalid(errorCodes.signUpInvalid, authMessages.signUpInvalid);
          // Taken since (another way in, such as the demo seed): the link is spent and the person signs in instead.
          if (await findUserByEmail(tx, pending.email)) return null;
          const row = await insertUser(
            tx,
            {
              name: pending.name,
              email: pending.email,
              // Only the hash was kept: the password itself was never stored.
              password: '',
              passwordHash: pending.passwordHash,
              person_type: pending.personType,
              cpf: pending.cpf,
              cnpj: pending.cnpj,
              phone: pending.phone,
              birth_date: pending.birthDate,
              roles: ['DONOR'],
            },
            now,
          );
          await tx.update(users).set({ locale: pending.locale }).where(eq(users.id, row.id));
          return row.id;
        });
      } catch (error) {
        // The unique index on users.email decides a race with another way of creating the same address.
        if (isUniqueViolation(error)) throw emailTaken;
        throw error;
      }
      if (userId === null) throw emailTaken;
      const created = await findUserById(db, userId);
      if (!created) throw new Error(`the account ${userId} just created is gone`);
      return issueSession(created, context, { secondFactorAt: null });
    },
  };
}
