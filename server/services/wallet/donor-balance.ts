import { errorCodes } from '../../../contracts/errors';
import { messages as m } from '../../../contracts/messages';
import type { Executor } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { forbidden, notFound } from '../../domain/errors';
import { findUserWithGrants, isUsable } from '../../users/users-repository';
import { walletBalance } from '../ledger';

/** Someone else's wallet is an admin's business only (role ADMIN, like every admin call). */
async function mayReadWalletOf(db: Executor, readerId: string, ownerId: string): Promise<boolean> {
  if (readerId === ownerId) return true;
  const reader = await findUserWithGrants(db, readerId);
  return !!reader && isUsable(reader.user) && reader.grants.roles.some((r) => r.name === 'ADMIN');
}

/** The donor's spendable balance in cents (lots not yet expired), for the donor or an admin (docs/spec.md §7). */
export async function donorWalletBalance(db: Executor, readerId: string, ownerId: string, now: Date): Promise<number> {
  if (!(await mayReadWalletOf(db, readerId, ownerId))) throw forbidden(errorCodes.forbidden, m.forbidden);
  if (!isUuid(ownerId)) throw notFound(errorCodes.notFound, m.notFound);
  return walletBalance(db, ownerId, now);
}
