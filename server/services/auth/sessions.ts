import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { authMessages } from '../../../contracts/auth-messages';
import { messages as m } from '../../../contracts/messages';
import { holdsMoneyPermission } from '../../../contracts/permissions';
import type { RefreshedTokens, Session } from '../../../contracts/user';
import type { AccessTokens } from '../../auth/access-tokens';
import { newResetLink } from '../../auth/password-reset';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { RefreshTokens } from '../../auth/refresh-tokens';
import { startSession, type SessionStatus } from '../../auth/session-records';
import { createSignInGuard, SIGN_IN_LOCK } from '../../auth/sign-in-guard';
import { challengeIfEnrolled } from '../../auth/sign-in-challenges';
import { describeUserAgent } from '../../auth/user-agent';
import { userSessions, users } from '../../db/schema';
import type { Database, Executor, Transaction } from '../../db/types';
import { forbidden, limited, unauthenticated } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { presentUser } from '../../users/user-presenter';
import { sessionLabels } from '../../users/session-labels';
import type { UserStatus } from '../../users/user-status';
import { findUserByEmail, findUserById, findUserWithGrants, isUsable, type UserRow } from '../../users/users-repository';
import type { Clock } from '../clock';
import { enqueueMail } from '../mail/mail-outbox';
import { newDeviceMail } from '../mail/new-device-mail';
import { signInLockMail } from '../mail/sign-in-lock-mail';

export interface SessionDeps {
  db: Database;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
  publicUrl: string;
  clock: Clock;
  translator: Translator;
}

/** Who is signing in, beyond the body: the language they read, where they call from and with what (the session's device). */
export interface SignInContext {
  locale: Locale;
  ip: string;
  /** The User-Agent header ('' when absent). */
  userAgent: string;
  log: { warn(obj: object, msg: string): void };
}

/** The context of a sign-in request. */
export const signInContext = (request: {
  locale: Locale;
  ip: string;
  headers: { 'user-agent'?: string };
  log: SignInContext['log'];
}): SignInContext => ({ locale: request.locale, ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log });

/** A device not among the sessions of this many days is new (the new-device mail). */
const KNOWN_DEVICE_DAYS = 90;

/** The account has signed in before, and never from this kind of device (browser and system) in KNOWN_DEVICE_DAYS. */
async function isNewDevice(executor: Executor, userId: string, userAgent: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 24 * 3600 * 1000);
  const recent = await executor
    .select({ userAgent: userSessions.userAgent })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.lastSeenAt, since)));
  const key = describeUserAgent(userAgent).key;
  if (recent.some((session) => describeUserAgent(session.userAgent).key === key)) return false;
  if (recent.length > 0) return true;
  // A first sign-in ever has nothing to compare with; an old account's long-unused one does.
  const [earlier] = await executor.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, userId)).limit(1);
  return earlier !== undefined;
}

export type IssueSession = (user: UserRow, context: SignInContext, options: { secondFactorAt: Date | null }) => Promise<Session>;

/**
 * Signing someone in, whatever proved who they are (a password, a second factor, a sign-up's link): a
 * new session (server/auth/session-records.ts), its first refresh token and an access token carrying it.
 * A member who can move money is mailed when the device is new to the account.
 */
export function createSessionIssuer(
  deps: Pick<SessionDeps, 'db' | 'accessTokens' | 'refreshTokens' | 'clock' | 'translator' | 'publicUrl'>,
): IssueSession {
  const { db, accessTokens, refreshTokens, clock, translator, publicUrl } = deps;
  return async (user, context, { secondFactorAt }) => {
    const found = await findUserWithGrants(db, user.id);
    if (!found) throw unauthenticated(errorCodes.invalidCredentials, m.invalidCredentials);
    const watched = holdsMoneyPermission(found.grants.permissions.map((p) => p.name));
    const now = clock.now();
    const { sessionId, refreshToken } = await db.transaction(async (tx) => {
      const newDevice = watched && (await isNewDevice(tx, user.id, context.userAgent, now));
      const id = await startSession(tx, { userId: user.id, userAgent: context.userAgent, ip: context.ip, secondFactorAt, now });
      const token = await refreshTokens.issue(tx, user.id, id);
      if (newDevice) {
        const locale = user.locale ?? context.locale;
        const [session] = await tx.select().from(userSessions).where(eq(userSessions.id, id));
        const labels = sessionLabels(translator, locale, session!);
        await enqueueMail(tx, newDeviceMail(translator, locale, found.user, labels, `${publicUrl}/profile`), now);
      }
      return { sessionId: id, refreshToken: token };
    });
    return {
      token: await accessTokens.issue(user.id, sessionId),
      refresh_token: refreshToken,
      user: presentUser(found.user, found.grants, publicUrl),
    };
  };
}

/** Signing in, staying signed in and signing out: who gets tokens, without HTTP (docs/spec.md §3). */
export function createSessions(deps: SessionDeps) {
  const { db, accessTokens, refreshTokens, userStatus, sessionStatus, publicUrl, clock, translator } = deps;
  const issueSession = createSessionIssuer(deps);
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
      // An account with a second factor gets a challenge instead of tokens: 401 auth.second_factor_required.
      await challengeIfEnrolled(db, user.id, clock.now());
      const session = await issueSession(user, context, { secondFactorAt: null });
      await rememberLocale(user.id, context.locale);
      return session;
    },

    issueSession,

    /** A new pair for a refresh token; a reused one ends its family, and a closed account ends them all. */
    async refresh(refreshToken: string): Promise<RefreshedTokens> {
      const result = await refreshTokens.rotate(refreshToken);
      if (!result.ok) {
        if (result.endedSessionId) sessionStatus.forget([result.endedSessionId]);
        throw result.reason === 'reused' ? unauthenticated(errorCodes.refreshReused, m.refreshInvalid) : refreshInvalid();
      }
      const user = await findUserById(db, result.userId);
      if (!user || !isUsable(user)) {
        await refreshTokens.revokeAllOfUser(db, result.userId);
        sessionStatus.forgetUser(result.userId);
        throw refreshInvalid();
      }
      userStatus.forget(user.id);
      return { token: await accessTokens.issue(user.id, result.sessionId), refresh_token: result.refreshToken };
    },

    /** Sign-out: ends the session: its refresh tokens and its access tokens stop. */
    async signOut(refreshToken: string) {
      const ended = await refreshTokens.revokeFamilyOf(refreshToken);
      if (ended) sessionStatus.forget([ended]);
    },
  };
}
