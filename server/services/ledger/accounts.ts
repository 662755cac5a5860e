import { and, eq, inArray, or } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccountKind } from '../../db/schema';
import { chunksOf } from '../../db/chunks';
import type { Executor } from '../../db/types';

/** An account by what it is, not by its row id; the row is created on first use. */
export type AccountRef =
  | { kind: 'campaign'; campaignId: string }
  | { kind: 'general_fund' }
  | { kind: 'donor_wallet'; userId: string }
  | { kind: 'gift_card'; giftCardId: string }
  | { kind: 'gateway_clearing'; gateway: string }
  | { kind: 'platform_fees' };

/**
 * (kind, owner_key) of an account. Campaign accounts are keyed by the campaign id as text: the
 * campaigns' raised amounts are read in SQL with that mapping, so it must not change.
 */
export function accountKey(ref: AccountRef): { kind: LedgerAccountKind; ownerKey: string } {
  switch (ref.kind) {
    case 'campaign':
      return { kind: 'campaign', ownerKey: ref.campaignId };
    case 'donor_wallet':
      return { kind: 'donor_wallet', ownerKey: ref.userId };
    case 'gift_card':
      return { kind: 'gift_card', ownerKey: ref.giftCardId };
    case 'gateway_clearing':
      return { kind: 'gateway_clearing', ownerKey: ref.gateway };
    case 'general_fund':
    case 'platform_fees':
      return { kind: ref.kind, ownerKey: '' };
  }
}

const keyText = (k: { kind: string; ownerKey: string }) => `${k.kind}\u0000${k.ownerKey}`;

/** Row ids of the accounts, creating the missing ones (insert ... on conflict do nothing, then select). */
export async function ensureAccounts(executor: Executor, refs: readonly AccountRef[]): Promise<Map<string, string>> {
  const keys = [...new Map(refs.map((r) => [keyText(accountKey(r)), accountKey(r)])).values()];
  const ids = new Map<string, string>();
  for (const chunk of chunksOf(keys)) {
    await executor.insert(ledgerAccounts).values(chunk).onConflictDoNothing();
    // One `owner_key in (...)` per kind: the unique index answers it, where a long OR of pairs is slow to plan.
    const kinds = [...new Set(chunk.map((k) => k.kind))];
    const rows = await executor
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerKey: ledgerAccounts.ownerKey })
      .from(ledgerAccounts)
      .where(
        or(
          ...kinds.map((kind) =>
            and(
              eq(ledgerAccounts.kind, kind),
              inArray(
                ledgerAccounts.ownerKey,
                chunk.filter((k) => k.kind === kind).map((k) => k.ownerKey),
              ),
            ),
          ),
        ),
      );
    for (const row of rows) ids.set(keyText(row), row.id);
  }
  return ids;
}

export const accountIdOf = (ids: Map<string, string>, ref: AccountRef): string => {
  const id = ids.get(keyText(accountKey(ref)));
  if (!id) throw new Error(`ledger account missing: ${keyText(accountKey(ref))}`);
  return id;
};

/** The account's row id, or null when it never received an entry (its balance is then 0). */
export async function findAccountId(executor: Executor, ref: AccountRef): Promise<string | null> {
  const k = accountKey(ref);
  const [row] = await executor
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, k.kind), eq(ledgerAccounts.ownerKey, k.ownerKey)));
  return row?.id ?? null;
}
