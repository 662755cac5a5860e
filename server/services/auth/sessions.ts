import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { authMessages } from '../../../contracts/auth-messages';
import { messages as m } from '../../../contracts/messages';
import type { RefreshedTokens, Session } from '../../../contracts/user';
import type { AccessTokens } from '../../auth/access-tokens';
import { newResetLink } from '../../auth/password-reset';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { RefreshTokens } from '../../auth/refresh-tokens';
import { createSignInGuard, SIGN_IN_LOCK } from '../../auth/sign-in-guard';
import { users } from '../../db/schema';
import type { Database, Transaction } from '../../db/types';
import { forbidden, limited, unauthenticated } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { presentUser } from '../../users/user-presenter';
import type { UserStatus } from '../../users/user-status';
import { findUserByEmail, findUserById, findUserWithGrants, isUsable, type UserRow } from '../../users/users-repository';
import type { Clock } from '../clock';
import { enqueueMail } from '../mail/mail-outbox';
import { signInLockMail } from '../mail/sign-in-lock-mail';

export interface SessionDeps {
  db: Database;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  publicUrl: string;
  clock: Clock;
  translator: Translator;
}

/** Who is signing in, beyond the body: the language they read and where they call from (for the log). */
export interface SignInContext {
  locale: Locale;
  ip: string;
  log: { warn(obj: object, msg: string): void };
}

/** Signing in, staying signed in and signing out: who gets tokens, without HTTP (docs/spec.md §3). */
export function createSessions({ db, accessTokens, refreshTokens, userStatus, publicUrl, clock, translator }: SessionDeps) {
  const invalidCredentials = () => unauthenticated(errorCodes.invalidCredentials, m.invalidCredentials);
  const refreshInvalid = () => unauthenticated(errorCodes.refreshInvalid, m.refreshInvalid);
  const guard = createSignInGuard(db);
  const lockMinutes = SIGN_IN_LOCK.lockMs / 60_000;

  /** The lock's warning to the owner, in the language they last signed in with, carrying a link that ends the lock. */
  const warnOwner = (user: UserRow | undefined, context: SignInContext) => async (tx: Transaction, lockedUntil: Date) => {
    // No e-mail nor the password tried: the account (when there is one) and where the last try came from.
    context.log.warn(
      { userId: user?.id ?? null, ip: context.ip, lockedUntil: lockedUntil.toISOString() },
      'sign-in locked after repeated wrong passwords',
    );
    if (!user || !isUsable(user)) return;
    const now = clock.now();
    const link = await newResetLink(tx, user.id, now, publicUrl);
    await enqueueMail(tx, signInLockMail(translator, user.locale ?? DEFAULT_LOCALE, user, link, lockMinutes), now);
  };

  /** Mail the owner did not ask for is written in the language of their last sign-in. */
  const rememberLocale = (userId: string, locale: Locale) =>
    db
      .update(users)
      .set({ locale })
      .where(and(eq(users.id, userId), or(isNull(users.locale), ne(users.locale, locale))));

  return {
    /**
     * Tokens and the user for a usable account whose password matches; a wrong e-mail and a wrong password
     * read the same, and so does a locked e-mail with or without an account (the count is per e-mail).
     */
    async signIn(email: string, password: string, context: SignInContext): Promise<Session> {
      const attempt = await guard.attempt(email.toLowerCase(), clock.now());
      if (!attempt) throw limited(errorCodes.accountLocked, authMessages.accountLocked);
      const user = await findUserByEmail(db, email);
      // Without an account we still verify a hash, so the answer time does not reveal which e-mails exist.
      const passwordMatches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !passwordMatches) {
        await attempt.wrong(warnOwner(user, context));
        throw invalidCredentials();
      }
      await attempt.right();
      if (!isUsable(user)) throw forbidden(errorCodes.userInactive, m.userInactive);
      // The account was just read: a reactivated one must not wait out a cached "closed".
      userStatus.forget(user.id);
      const [token, refreshToken, found] = await Promise.all([
        accessTokens.issue(user.id),
        refreshTokens.issue(db, user.id),
        findUserWithGrants(db, user.id),
        rememberLocale(user.id, context.locale),
      ]);
      if (!found) throw invalidCredentials();
      return { token, refresh_token: refreshToken, user: presentUser(found.user, found.grants, publicUrl) };
    },

    /** A new pair for a refresh token; a reused one ends its family, and a closed account ends them all. */
    async refresh(refreshToken: string): Promise<RefreshedTokens> {
      const result = await refreshTokens.rotate(refreshToken);
      if (!result.ok) {
        throw result.reason === 'reused' ? unauthenticated(errorCodes.refreshReused, m.refreshInvalid) : refreshInvalid();
      }
      const user = await findUserById(db, result.userId);
      if (!user || !isUsable(user)) {
        await refreshTokens.revokeAllOfUser(db, result.userId);
        throw refreshInvalid();
      }
      userStatus.forget(user.id);
      return { token: await accessTokens.issue(user.id), refresh_token: result.refreshToken };
    },

    /** Sign-out: ends the refresh family; the short-lived access token simply runs out. */
    signOut: (refreshToken: string) => refreshTokens.revokeFamilyOf(refreshToken),
  };
}
