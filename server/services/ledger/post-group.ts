import { eq } from 'drizzle-orm';
import { ledgerEntries, ledgerGroups, type LedgerGroupKind } from '../../db/schema';
import { chunksOf } from '../../db/chunks';
import type { Executor } from '../../db/types';
import { reusedQueryPerShape } from '../../db/reused-query';
import { accountIdOf, ensureAccounts, type AccountRef } from './accounts';

export interface LedgerLine {
  account: AccountRef;
  /** Signed cents: positive receives, negative gives. */
  amountCents: number;
  /** For donor-wallet lines: the lot the money goes into or comes out of. */
  lotId?: string | null;
}

export interface LedgerGroupInput {
  kind: LedgerGroupKind;
  /** Makes the movement happen once ('donation:<id>', 'refund:<id>'): a second post is a no-op. */
  reference: string;
  description?: string;
  lines: readonly LedgerLine[];
  /** When the movement happened, for the demo's history; live movements leave it to the database (now). */
  at?: Date;
}

/** Groups of up to this many lines (nearly all: a donation has two) write their entries with a statement built once. */
const FEW_LINES = 4;

const insertGroup = reusedQueryPerShape<
  'now' | 'dated',
  { kind: LedgerGroupKind; reference: string; description: string; at: Date | null },
  Array<{ id: string }>
>(
  (shape) => (tx, value) =>
    tx
      .insert(ledgerGroups)
      .values({
        kind: value('kind'),
        reference: value('reference'),
        description: value('description'),
        ...(shape === 'dated' ? { createdAt: value('at') } : {}),
      })
      .onConflictDoNothing({ target: ledgerGroups.reference })
      .returning({ id: ledgerGroups.id }),
);

/** An entry's values under names of their own, `i` being its place among the statement's rows. */
const entryValues = (entry: { groupId: string; accountId: string; amountCents: number; lotId: string | null }, i: number) => ({
  [`group${i}`]: entry.groupId,
  [`account${i}`]: entry.accountId,
  [`amount${i}`]: entry.amountCents,
  [`lot${i}`]: entry.lotId,
});

const insertFewEntries = reusedQueryPerShape<number, Record<string, unknown>, unknown>(
  (count) => (tx, value) =>
    tx.insert(ledgerEntries).values(
      Array.from({ length: count }, (_, i) => ({
        groupId: value(`group${i}`),
        accountId: value(`account${i}`),
        amountCents: value(`amount${i}`),
        lotId: value(`lot${i}`),
      })),
    ),
);

/** Thrown before anything is written when the lines do not form a balanced group. */
export class UnbalancedLedgerGroupError extends Error {
  override name = 'UnbalancedLedgerGroupError';
}

export function assertBalanced(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new UnbalancedLedgerGroupError('a ledger group needs at least two lines');
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
      throw new UnbalancedLedgerGroupError(`ledger line of ${line.amountCents} cents: amounts are non-zero whole cents`);
  }
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total !== 0) throw new UnbalancedLedgerGroupError(`ledger group is unbalanced by ${total} cents`);
}

/**
 * Writes a balanced group of entries, once per reference. Call it with the transaction of the
 * change that causes the movement (a donation's confirmation...), so both commit together. The
 * database's deferred trigger refuses an unbalanced group at commit as the last line of defence.
 */
export async function postLedgerGroup(tx: Executor, input: LedgerGroupInput): Promise<{ groupId: string; created: boolean }> {
  assertBalanced(input.lines);
  const [group] = await insertGroup(input.at ? 'dated' : 'now', tx, {
    kind: input.kind,
    reference: input.reference,
    description: input.description ?? '',
    at: input.at ?? null,
  });
  if (!group) {
    const [existing] = await tx.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, input.reference));
    if (!existing) throw new Error(`ledger group ${input.reference} vanished`);
    return { groupId: existing.id, created: false };
  }
  const accounts = await ensureAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  const entries = input.lines.map((l) => ({
    groupId: group.id,
    accountId: accountIdOf(accounts, l.account),
    amountCents: l.amountCents,
    lotId: l.lotId ?? null,
  }));
  for (const chunk of chunksOf(entries)) {
    if (chunk.length > FEW_LINES) await tx.insert(ledgerEntries).values(chunk);
    else await insertFewEntries(chunk.length, tx, Object.assign({}, ...chunk.map(entryValues)));
  }
  return { groupId: group.id, created: true };
}

/** The group posted under a reference, if any. */
export async function findLedgerGroup(executor: Executor, reference: string): Promise<string | null> {
  const [row] = await executor.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, reference));
  return row?.id ?? null;
}
