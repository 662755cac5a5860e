import type { WalletStatementEntry } from '../../../contracts/wallet';
import type { Executor } from '../../db/types';
import { walletStatementRows } from './wallet-repository';

type StatementKind = WalletStatementEntry['kind'];

/** How a ledger group reads on the donor's statement: money in is credit; out is a donation, automatic or not. */
export function statementKind(groupKind: string, amountCents: number): StatementKind {
  // A chargeback touches a wallet only to take back credit of a gift card whose purchase the bank reversed.
  if (groupKind === 'refund' || groupKind === 'chargeback') return 'refund';
  if (groupKind === 'automatic_donation' || groupKind === 'gift_card_expiry' || groupKind === 'wallet_expiry') return 'automatic_donation';
  return amountCents > 0 ? 'credit' : 'donation';
}

/**
 * GET /wallet/statement: one row per ledger group that touched the donor's wallet, newest first,
 * with the signed sum of its wallet entries, the origin of the lot it filled (credit) and the
 * campaign on the other side (donations; null for the general fund).
 */
export async function walletStatement(
  executor: Executor,
  userId: string,
  page: { page: number; amount: number },
): Promise<{ entries: WalletStatementEntry[]; total: number }> {
  const { rows, total } = await walletStatementRows(executor, userId, page);
  const entries = rows.map((r): WalletStatementEntry => {
    const amount = Number(r.amount);
    const kind = statementKind(r.kind, amount);
    return {
      id: r.id,
      kind,
      amount,
      origin: kind === 'credit' ? r.origin : null,
      campaign: kind === 'credit' ? null : r.campaign,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
  return { entries, total };
}
