import { and, asc, eq, gt } from 'drizzle-orm';
import { walletLots as lots, type LedgerGroupKind, type WalletLotOrigin } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { AccountRef } from './accounts';
import { walletLots } from './balances';
import { findLedgerGroup, postLedgerGroup } from './post-group';

/** The donor's spendable balance is below what was asked; nothing was written. */
export class WalletInsufficientError extends Error {
  override name = 'WalletInsufficientError';
  constructor(
    readonly availableCents: number,
    readonly requestedCents: number,
  ) {
    super(`wallet has ${availableCents} cents, ${requestedCents} requested`);
  }
}

/** Puts money in a donor's wallet as a new lot with its origin and expiry, taken from `from`. */
export async function creditWallet(
  tx: Executor,
  input: {
    userId: string;
    amountCents: number;
    origin: WalletLotOrigin;
    expiresAt: Date;
    sourceRef?: string | null;
    from: AccountRef;
    reference: string;
    kind?: LedgerGroupKind;
    description?: string;
  },
): Promise<{ lotId: string; groupId: string; created: boolean }> {
  const existing = await findLedgerGroup(tx, input.reference);
  if (existing) {
    const [lot] = await tx
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.userId, input.userId), eq(lots.sourceRef, input.sourceRef ?? input.reference)));
    return { lotId: lot?.id ?? '', groupId: existing, created: false };
  }
  const [lot] = await tx
    .insert(lots)
    .values({
      userId: input.userId,
      origin: input.origin,
      sourceRef: input.sourceRef ?? input.reference,
      amountCents: input.amountCents,
      expiresAt: input.expiresAt,
    })
    .returning({ id: lots.id });
  if (!lot) throw new Error('wallet lot not created');
  const { groupId, created } = await postLedgerGroup(tx, {
    kind: input.kind ?? 'wallet_credit',
    reference: input.reference,
    description: input.description,
    lines: [
      { account: input.from, amountCents: -input.amountCents },
      { account: { kind: 'donor_wallet', userId: input.userId }, amountCents: input.amountCents, lotId: lot.id },
    ],
  });
  return { lotId: lot.id, groupId, created };
}

export interface WalletSpend {
  groupId: string;
  created: boolean;
  /** How much came out of each lot, in the order taken. */
  taken: Array<{ lotId: string; amountCents: number }>;
}

/**
 * Spends from the donor's wallet into `to`, taking the lots that expire first. The donor's lots are
 * locked (select ... for update) so two spends at once cannot both use the same money; a short
 * balance throws WalletInsufficientError before anything is written.
 */
export async function spendFromWallet(
  tx: Executor,
  input: {
    userId: string;
    amountCents: number;
    to: AccountRef;
    reference: string;
    now: Date;
    kind?: LedgerGroupKind;
    description?: string;
  },
): Promise<WalletSpend> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error('a wallet spend is a positive whole number of cents');
  const existing = await findLedgerGroup(tx, input.reference);
  if (existing) return { groupId: existing, created: false, taken: [] };
  // Lock first, then read the balances: a concurrent spend waits here until this one commits.
  await tx
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.userId, input.userId), gt(lots.expiresAt, input.now)))
    .orderBy(asc(lots.expiresAt), asc(lots.createdAt), asc(lots.id))
    .for('update');
  const open = await walletLots(tx, input.userId, input.now);
  const available = open.reduce((sum, lot) => sum + lot.remainingCents, 0);
  if (available < input.amountCents) throw new WalletInsufficientError(available, input.amountCents);

  const taken: WalletSpend['taken'] = [];
  let left = input.amountCents;
  for (const lot of open) {
    if (left === 0) break;
    const amount = Math.min(left, lot.remainingCents);
    taken.push({ lotId: lot.id, amountCents: amount });
    left -= amount;
  }
  const { groupId, created } = await postLedgerGroup(tx, {
    kind: input.kind ?? 'donation',
    reference: input.reference,
    description: input.description,
    lines: [
      ...taken.map((t) => ({
        account: { kind: 'donor_wallet', userId: input.userId } as const,
        amountCents: -t.amountCents,
        lotId: t.lotId,
      })),
      { account: input.to, amountCents: input.amountCents },
    ],
  });
  return { groupId, created, taken };
}
