import { eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerGroups, type LedgerGroupKind } from '../../db/schema';
import { chunksOf } from '../../db/chunks';
import type { Executor } from '../../db/types';
import { reusedQueryPerShape } from '../../db/reused-query';
import { reopenFinanceDay } from '../finances/finance-rollups';
import { accountIdOf, accountKey, ensureAccounts, type AccountRef } from './accounts';

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
 * A small group, its accounts' look-up and its entries in one statement (issue 26, then 52: two round
 * trips less for every movement). The accounts are found by (kind, owner key) in the statement itself;
 * the group is written only when every line's account exists (nearly always: accounts are made once,
 * never removed), and its entries from the group it wrote, so a reference already posted writes
 * nothing. It answers the group written (null when none) and how many lines found their account: fewer
 * than the lines means nothing was written and the accounts are to be made first.
 */
const insertGroupWithEntries = reusedQueryPerShape<
  `${'now' | 'dated'} ${number}`,
  // `at` as ISO text: in a `sql` template a value goes to the driver as given.
  Omit<GroupValues, 'at'> & { at: string | null } & Record<string, unknown>,
  Array<{ id: string | null; accounts: number }>
>((shape) => (tx, value) => {
  const [when, count] = shape.split(' ') as ['now' | 'dated', string];
  const lines = Array.from(
    { length: Number(count) },
    (_, i) => sql`(${value(`kind${i}`)}::text, ${value(`owner${i}`)}::text, ${value(`amount${i}`)}::bigint, ${value(`lot${i}`)}::uuid)`,
  );
  const account = tx
    .$with('account', { accountId: ledgerAccounts.id })
    .as(
      sql`select a.id as account_id, line.amount_cents, line.lot_id from (values ${sql.join(lines, sql`, `)}) as line (kind, owner_key, amount_cents, lot_id) join ${ledgerAccounts} a on a.kind = line.kind and a.owner_key = line.owner_key`,
    );
  const dated = when === 'dated';
  const group = tx
    .$with('new_group', { id: ledgerGroups.id })
    .as(
      sql`insert into ${ledgerGroups} (kind, reference, description${sql.raw(dated ? ', created_at' : '')}) select ${value('kind')}::text, ${value('reference')}::text, ${value('description')}::text${dated ? sql`, ${value('at')}::timestamptz` : sql``} where (select count(*) from account) = ${Number(count)} on conflict (reference) do nothing returning id`,
    );
  const entries = tx
    .$with('new_entries', { groupId: ledgerEntries.groupId })
    .as(
      sql`insert into ${ledgerEntries} (group_id, account_id, amount_cents, lot_id) select new_group.id, account.account_id, account.amount_cents, account.lot_id from new_group cross join account returning group_id`,
    );
  const outcome = tx
    .$with('outcome', { id: ledgerGroups.id, accounts: sql<number>`accounts`.as('accounts') })
    .as(sql`select (select id from new_group) as id, (select count(*) from account)::int as accounts`);
  return tx.with(account, group, entries, outcome).select({ id: outcome.id, accounts: outcome.accounts }).from(outcome);
});

/** A line's values under names of their own, `i` being its place in the statement. */
const lineValues = (line: LedgerLine, i: number) => {
  const { kind, ownerKey } = accountKey(line.account);
  return { [`kind${i}`]: kind, [`owner${i}`]: ownerKey, [`amount${i}`]: line.amountCents, [`lot${i}`]: line.lotId ?? null };
};

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
  // A group dated by its writer may land in a day the finances already summed: that day is read from the ledger again.
  if (input.at) await reopenFinanceDay(tx, input.at);
  const when = input.at ? 'dated' : 'now';
  const groupValues = {
    kind: input.kind,
    reference: input.reference,
    description: input.description ?? '',
    at: input.at ?? null,
  };
  const groupId =
    input.lines.length <= FEW_LINES
      ? await postSmallGroup(tx, input, when, groupValues)
      : await postLargeGroup(tx, input, when, groupValues);
  if (groupId) return { groupId, created: true };
  const [existing] = await tx.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, input.reference));
  if (!existing) throw new Error(`ledger group ${input.reference} vanished`);
  return { groupId: existing.id, created: false };
}

/** The group's id, or null when its reference was posted before. */
async function postSmallGroup(
  tx: Executor,
  input: LedgerGroupInput,
  when: 'now' | 'dated',
  groupValues: GroupValues,
): Promise<string | null> {
  const values = Object.assign({ ...groupValues, at: groupValues.at?.toISOString() ?? null }, ...input.lines.map(lineValues));
  const shape = `${when} ${input.lines.length}` as const;
  let [outcome] = await insertGroupWithEntries(shape, tx, values);
  if (outcome!.accounts < input.lines.length) {
    // An account's first movement: nothing was written; the accounts are made, and the same statement runs again.
    await ensureAccounts(
      tx,
      input.lines.map((l) => l.account),
    );
    [outcome] = await insertGroupWithEntries(shape, tx, values);
  }
  return outcome!.id;
}

async function postLargeGroup(
  tx: Executor,
  input: LedgerGroupInput,
  when: 'now' | 'dated',
  groupValues: GroupValues,
): Promise<string | null> {
  const accounts = await ensureAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  const [group] = await insertGroup(when, tx, groupValues);
  if (!group) return null;
  const lines = input.lines.map((l) => ({
    groupId: group.id,
    accountId: accountIdOf(accounts, l.account),
    amountCents: l.amountCents,
    lotId: l.lotId ?? null,
  }));
  for (const chunk of chunksOf(lines)) await tx.insert(ledgerEntries).values(chunk);
  return group.id;
}

/** The group posted under a reference, if any. */
export async function findLedgerGroup(executor: Executor, reference: string): Promise<string | null> {
  const [row] = await executor.select({ id: ledgerGroups.id }).from(ledgerGroups).where(eq(ledgerGroups.reference, reference));
  return row?.id ?? null;
}
