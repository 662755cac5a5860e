import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import type { SignUp } from '../../contracts/user';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../db/errors';
import type { Database, Executor } from '../db/types';
import { conflict, unauthenticated } from '../domain/errors';
import { presentUser } from './user-presenter';
import { findUserByEmail, findUserWithGrants, insertUser, isUsable, updateProfile } from './users-repository';

/** Signing up and keeping one's own profile: what the /users routes do, without HTTP. */
export function createUserAccounts({ db, publicUrl }: { db: Database; publicUrl: string }) {
  /** The user as the API presents it; a user gone or deactivated is no longer signed in. */
  async function signedInUser(executor: Executor, userId: string) {
    const found = await findUserWithGrants(executor, userId);
    if (!found || !isUsable(found.user)) throw unauthenticated(errorCodes.tokenInvalid, m.authTokenError);
    return presentUser(found.user, found.grants, publicUrl);
  }

  return {
    signedInUser: (userId: string) => signedInUser(db, userId),

    /** A new DONOR; an address already taken (found first, or by the unique index in a race) is a conflict. */
    async signUp(input: SignUp, now: Date) {
      assertPasswordNotCommon(input.password);
      const emailTaken = conflict(errorCodes.emailTaken, m.emailTaken);
      if (await findUserByEmail(db, input.email)) throw emailTaken;
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const row = await insertUser(tx, { ...input, passwordHash, roles: ['DONOR'] }, now);
          return signedInUser(tx, row.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken;
        throw error;
      }
    },

    /** A deactivated user's change is rolled back by the refusal signedInUser throws inside the transaction. */
    updateOwnProfile: (userId: string, update: Parameters<typeof updateProfile>[2], now: Date) =>
      db.transaction(async (tx) => {
        await updateProfile(tx, userId, update, now);
        return signedInUser(tx, userId);
      }),
  };
}
