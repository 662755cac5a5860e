import { and, eq, inArray, or } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccountKind } from '../../db/schema';
import { chunksOf } from '../../db/chunks';
import type { Executor } from '../../db/types';
import { reusedQueryPerShape } from '../../db/reused-query';

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

/**
 * Row ids of the accounts, creating the missing ones. Accounts are made once and never removed, so
 * the ones asked for nearly always exist: they are read first, and only missing ones are inserted
 * (insert ... on conflict do nothing, then read again). A donation's group thus costs one statement
 * for its accounts instead of an insert that finds them all there and then the same read (issue 26).
 */
export async function ensureAccounts(executor: Executor, refs: readonly AccountRef[]): Promise<Map<string, string>> {
  const keys: AccountKey[] = [...new Map(refs.map((r) => [keyText(accountKey(r)), accountKey(r)])).values()];
  const ids = new Map<string, string>();
  for (const chunk of chunksOf(keys)) {
    for (const row of await readAccounts(executor, chunk)) ids.set(keyText(row), row.id);
    const missing = chunk.filter((k) => !ids.has(keyText(k)));
    if (missing.length === 0) continue;
    await executor.insert(ledgerAccounts).values(missing).onConflictDoNothing();
    for (const row of await readAccounts(executor, missing)) ids.set(keyText(row), row.id);
  }
  return ids;
}

type AccountKey = { kind: LedgerAccountKind; ownerKey: string };
type AccountRow = { id: string; kind: LedgerAccountKind; ownerKey: string };

/** One `owner_key in (...)` per kind: the unique index answers it, where a long OR of pairs is slow to plan. */
function accountsWhere(keysByKind: ReadonlyArray<readonly [LedgerAccountKind, readonly unknown[]]>) {
  return or(
    ...keysByKind.map(([kind, ownerKeys]) => and(eq(ledgerAccounts.kind, kind), inArray(ledgerAccounts.ownerKey, ownerKeys as string[]))),
  );
}

const accountColumns = { id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerKey: ledgerAccounts.ownerKey };

/** A few accounts (a donation's two, a refund's three) are read with a statement built once per kinds and counts. */
const FEW_ACCOUNTS = 4;

const readFewAccounts = reusedQueryPerShape<string, Record<string, string>, AccountRow[]>((shape) => (executor, value) => {
  const kinds = shape.split(',').map((part) => part.split(':') as [LedgerAccountKind, string]);
  const where = kinds.map(([kind, count]) => [kind, Array.from({ length: Number(count) }, (_, i) => value(`${kind}${i}`))] as const);
  return executor.select(accountColumns).from(ledgerAccounts).where(accountsWhere(where));
});

function readAccounts(executor: Executor, keys: readonly AccountKey[]): Promise<AccountRow[]> {
  const byKind = new Map<LedgerAccountKind, string[]>();
  for (const k of keys) {
    const ownerKeys = byKind.get(k.kind);
    if (ownerKeys) ownerKeys.push(k.ownerKey);
    else byKind.set(k.kind, [k.ownerKey]);
  }
  if (keys.length > FEW_ACCOUNTS)
    return executor
      .select(accountColumns)
      .from(ledgerAccounts)
      .where(accountsWhere([...byKind]));
  const shape = [...byKind].map(([kind, ownerKeys]) => `${kind}:${ownerKeys.length}`).join(',');
  const values = Object.fromEntries([...byKind].flatMap(([kind, ownerKeys]) => ownerKeys.map((ownerKey, i) => [`${kind}${i}`, ownerKey])));
  return readFewAccounts(shape, executor, values);
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
