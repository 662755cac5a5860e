import { errorCodes } from '../../../contracts/errors';
import { messages as m } from '../../../contracts/messages';
import type { RefreshedTokens, Session } from '../../../contracts/user';
import type { AccessTokens } from '../../auth/access-tokens';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { RefreshTokens } from '../../auth/refresh-tokens';
import type { Database } from '../../db/types';
import { forbidden, unauthenticated } from '../../domain/errors';
import { presentUser } from '../../users/user-presenter';
import type { UserStatus } from '../../users/user-status';
import { findUserByEmail, findUserById, findUserWithGrants, isUsable } from '../../users/users-repository';

export interface SessionDeps {
  db: Database;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  publicUrl: string;
}

/** Signing in, staying signed in and signing out: who gets tokens, without HTTP (docs/spec.md §3). */
export function createSessions({ db, accessTokens, refreshTokens, userStatus, publicUrl }: SessionDeps) {
  const invalidCredentials = () => unauthenticated(errorCodes.invalidCredentials, m.invalidCredentials);
  const refreshInvalid = () => unauthenticated(errorCodes.refreshInvalid, m.refreshInvalid);

  return {
    /** Tokens and the user for a usable account whose password matches; a wrong e-mail and a wrong password read the same. */
    async signIn(email: string, password: string): Promise<Session> {
      const user = await findUserByEmail(db, email);
      // Without an account we still verify a hash, so the answer time does not reveal which e-mails exist.
      const passwordMatches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !passwordMatches) throw invalidCredentials();
      if (!isUsable(user)) throw forbidden(errorCodes.userInactive, m.userInactive);
      // The account was just read: a reactivated one must not wait out a cached "closed".
      userStatus.forget(user.id);
      const [token, refreshToken, found] = await Promise.all([
        accessTokens.issue(user.id),
        refreshTokens.issue(db, user.id),
        findUserWithGrants(db, user.id),
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
