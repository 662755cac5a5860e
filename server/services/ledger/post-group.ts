import { eq, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerGroups, type LedgerGroupKind } from '../../db/schema';
import { chunksOf } from '../../db/chunks';
import type { Executor } from '../../db/types';
import { reusedQueryPerShape } from '../../db/reused-query';
import { reopenFinanceDay } from '../finances/finance-rollups';
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

/** Groups of up to this many lines (nearly all: a donation has two) are written by one statement built once. */
const FEW_LINES = 4;

type GroupValues = { kind: LedgerGroupKind; reference: string; description: string; at: Date | null };

const groupRow = (shape: 'now' | 'dated', value: (name: keyof GroupValues & string) => never) => ({
  kind: value('kind'),
  reference: value('reference'),
  description: value('description'),
  ...(shape === 'dated' ? { createdAt: value('at') } : {}),
});

const insertGroup = reusedQueryPerShape<'now' | 'dated', GroupValues, Array<{ id: string }>>(
  (shape) => (tx, value) =>
    tx
      .insert(ledgerGroups)
      .values(groupRow(shape, value))
      .onConflictDoNothing({ target: ledgerGroups.reference })
      .returning({ id: ledgerGroups.id }),
);

/**
 * A small group and its entries in one statement (issue 26: one round trip less for every movement).
 * The entries are written from the group the statement inserted, so a reference already posted
 * inserts neither and answers no row, as the group's own insert would.
 */
const insertGroupWithEntries = reusedQueryPerShape<
  `${'now' | 'dated'} ${number}`,
  GroupValues & Record<string, unknown>,
  Array<{ id: string }>
>((shape) => (tx, value) => {
  const [when, count] = shape.split(' ') as ['now' | 'dated', string];
  const group = tx
    .$with('new_group')
    .as(
      tx
        .insert(ledgerGroups)
        .values(groupRow(when, value))
        .onConflictDoNothing({ target: ledgerGroups.reference })
        .returning({ id: ledgerGroups.id }),
    );
  const lines = Array.from(
    { length: Number(count) },
    (_, i) => sql`(${value(`account${i}`)}::uuid, ${value(`amount${i}`)}::bigint, ${value(`lot${i}`)}::uuid)`,
  );
  const entries = tx
    .$with('new_entries', { groupId: ledgerEntries.groupId })
    .as(
      sql`insert into ${ledgerEntries} (group_id, account_id, amount_cents, lot_id) select new_group.id, line.account_id, line.amount_cents, line.lot_id from new_group cross join (values ${sql.join(lines, sql`, `)}) as line (account_id, amount_cents, lot_id) returning group_id`,
    );
  return tx.with(group, entries).select({ id: group.id }).from(group);
});

/** A line's values under names of their own, `i` being its place in the statement. */
const lineValues = (line: { accountId: string; amountCents: number; lotId: string | null }, i: number) => ({
  [`account${i}`]: line.accountId,
  [`amount${i}`]: line.amountCents,
  [`lot${i}`]: line.lotId,
});

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
  // The accounts first: a small group then needs no statement of its own before its entries.
  const accounts = await ensureAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  const lines = input.lines.map((l) => ({
    accountId: accountIdOf(accounts, l.account),
    amountCents: l.amountCents,
    lotId: l.lotId ?? null,
  }));
  // A group dated by its writer may land in a day the finances already summed: that day is read from the ledger again.
  if (input.at) await reopenFinanceDay(tx, input.at);
  const when = input.at ? 'dated' : 'now';
  const groupValues = { kind: input.kind, reference: input.reference, description: input.description ?? '', at: input.at ?? null };
  const [group] =
    lines.length <= FEW_LINES
      ? await insertGroupWithEntries(`${when} ${lines.length}`, tx, Object.assign(groupValues, ...lines.map(lineValues)))
      : await insertGroup(when, tx, groupValues);
  if (!group) {
    const [existing] = await tx.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, input.reference));
    if (!existing) throw new Error(`ledger group ${input.reference} vanished`);
    return { groupId: existing.id, created: false };
  }
  if (lines.length > FEW_LINES) {
    for (const chunk of chunksOf(lines)) await tx.insert(ledgerEntries).values(chunk.map((line) => ({ groupId: group.id, ...line })));
  }
  return { groupId: group.id, created: true };
}

/** The group posted under a reference, if any. */
export async function findLedgerGroup(executor: Executor, reference: string): Promise<string | null> {
  const [row] = await executor.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, reference));
  return row?.id ?? null;
}
