import { eq } from 'drizzle-orm';
import { accountDeletionMessages as adm } from './deletion-messages';
import { errorCodes } from '../../../contracts/errors';
import { verifyPassword } from '../../auth/passwords';
import type { SessionStatus } from '../../auth/session-records';
import { dataRequests, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { forbidden } from '../../domain/errors';
import type { Clock } from '../clock';
import type { PaymentGateways } from '../payments/gateways';
import type { UserStatus } from '../../users/user-status';
import { anonymiseAccount } from './anonymise-account';
import { runProviderCleanups } from './provider-cleanups';

export interface AccountDeletionDeps {
  db: Database;
  clock: Clock;
  gateways: PaymentGateways;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
  log?: { error(obj: object, msg: string): void };
}

/**
 * DELETE /users/profile (docs/privacy.md, "Deleting an account"): the password proves it is the owner, then
 * one transaction erases the person and records the request with what it changed; the providers are
 * asked after the commit (`providerCalls`, which the route runs after its answer and the job retries).
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  return {
    async deleteOwnAccount(userId: string, password: string): Promise<{ requestId: string }> {
      const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.passwordHash, password)))
        throw forbidden(errorCodes.deletionPasswordWrong, adm.passwordWrong);
      const now = deps.clock.now();
      const requestId = await deps.db.transaction(async (tx) => {
        const [request] = await tx
          .insert(dataRequests)
          .values({ kind: 'deletion', userId, status: 'processing', requestedAt: now })
          .returning({ id: dataRequests.id });
        const id = request!.id;
        const counts = await anonymiseAccount(tx, {
          userId,
          requestId: id,
          now,
          pixGateway: deps.gateways.for('pix').name,
        });
        await tx.update(dataRequests).set({ status: 'completed', completedAt: now, outcome: counts }).where(eq(dataRequests.id, id));
        return id;
      });
      // This node stops the account's tokens at once; the others within their caches' few seconds.
      deps.userStatus.forget(userId);
      deps.sessionStatus.forgetUser(userId);
      return { requestId };
    },

    /** The provider calls of one deletion, right after its commit; what fails waits for the job. */
    providerCalls: async (requestId: string): Promise<void> => {
      await runProviderCleanups(deps, deps.clock.now(), requestId);
    },
  };
}
