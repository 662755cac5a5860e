import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import type { Database, Executor } from '../db/types';
import { unauthenticated } from '../domain/errors';
import { presentUser } from './user-presenter';
import { findUserWithGrants, isUsable, updateProfile } from './users-repository';

/** Keeping one's own profile: what the /users/profile routes do, without HTTP (signing up: sign-ups.ts). */
export function createUserAccounts({ db, publicUrl }: { db: Database; publicUrl: string }) {
  /** The user as the API presents it; a user gone or deactivated is no longer signed in. */
  async function signedInUser(executor: Executor, userId: string) {
    const found = await findUserWithGrants(executor, userId);
    if (!found || !isUsable(found.user)) throw unauthenticated(errorCodes.tokenInvalid, m.authTokenError);
    return presentUser(found.user, found.grants, publicUrl);
  }

  return {
    signedInUser: (userId: string) => signedInUser(db, userId),

    /** A deactivated user's change is rolled back by the refusal signedInUser throws inside the transaction. */
    updateOwnProfile: (userId: string, update: Parameters<typeof updateProfile>[2], now: Date) =>
      db.transaction(async (tx) => {
        await updateProfile(tx, userId, update, now);
        return signedInUser(tx, userId);
      }),
  };
}
