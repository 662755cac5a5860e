import { sql } from 'drizzle-orm';
import type { FinanceFigures, FinanceLine, FinanceReport } from '../../../contracts/admin-finances';
import { endOfSaoPauloDayText, saoPauloDayText, startOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';
import type { Executor } from '../../db/types';
import { selectRows } from '../wallet/raw-rows';
import { daySums, DONATION_OF_GROUP, LINE_GROUP_KINDS, LINE_KIND, type DayRange } from './finance-line-sql';

/**
 * The finances of a period (docs/admin.md), all from the ledger: every entry on a cause's account (a
 * campaign or the general fund) in a group written in the period is one line of the export, and every
 * figure of the page is a sum of those lines — the test adds them up. Donations ('donation' and the
 * monthly giving's 'automatic_donation' groups) are gross, 'refund' and 'chargeback' groups are refunds,
 * 'provider_fee' groups are fees: what the payment providers kept, moved from the cause to the platform's
 * fee account (none while the sandbox charges none). Net is what is left on the causes: gross − refunds − fees.
 */

interface Period {
  from: string;
  to: string;
}

/** The period of the same length just before. */
export function previousPeriod(period: Period): Period {
  const start = startOfSaoPauloDayText(period.from).getTime();
  const length = endOfSaoPauloDayText(period.to).getTime() - start;
  return { from: saoPauloDayText(new Date(start - length)), to: saoPauloDayText(new Date(start - 1)) };
}

/**
 * The period's ledger entries on the causes' accounts, with what each belongs to: one query both the export and the figures read.
 * Category names come in `locale` (their translation, else the Portuguese name).
 */
const linesQuery = (period: Period, withRecurring: boolean, locale = 'pt', groupIds?: readonly string[]) => sql`
    select g.created_at as at, g.id as group_id, e.id as entry_id, g.kind as group_kind, ${LINE_KIND} as line_kind, g.reference,
      e.amount_cents as amount,
      to_char(g.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day,
      d.id as donation_id, d.payment_method as method,
      c.slug as campaign_slug, c.title as campaign_title, cat.slug as category_slug,
      coalesce(nullif(trim(cat.translations ->> ${locale}), ''), cat.name) as category_name
      ${
        withRecurring
          ? sql`, (g.kind = 'automatic_donation' or exists (select 1 from ledger_entries le join wallet_lots l on l.id = le.lot_id
              where le.group_id = g.id and l.origin = 'monthly_credit')) as recurring`
          : sql``
      }
    from ledger_entries e
    join ledger_groups g on g.id = e.group_id
    join ledger_accounts a on a.id = e.account_id
    ${DONATION_OF_GROUP}
    left join campaigns c on a.kind = 'campaign' and c.id::text = a.owner_key
    left join categories cat on cat.id = c.category_id
    where a.kind in ('campaign', 'general_fund')
      and g.kind in ${LINE_GROUP_KINDS}
      and ${
        groupIds
          ? // Groups picked in the period already: read by their ids (the primary key), not by a scan of the period.
            sql`g.id in (${sql.join(
              groupIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql`g.created_at >= ${startOfSaoPauloDayText(period.from)} and g.created_at < ${endOfSaoPauloDayText(period.to)}`
      }`;

/**
 * Where a page of lines ended: its last group's time (as the database's text, every microsecond of it: a
 * JavaScript Date would cut it to milliseconds and read groups again) and id — the lines' order.
 */
export interface FinanceCursor {
  at: string;
  groupId: string;
}

type LineKind = 'gross' | 'refund' | 'fee';

type RawLine = {
  at: Date | string;
  group_kind: string;
  line_kind: LineKind;
  reference: string;
  amount: string;
  day: string;
  donation_id: string | null;
  method: string | null;
  campaign_slug: string | null;
  campaign_title: string | null;
  category_slug: string | null;
  category_name: string | null;
  recurring: boolean;
};

/**
 * How many lines the period's export has (counting no further than `cap`, when given: a direct export's
 * refusal). Only the three tables that make a line: every other join of the lines is to at most one row.
 */
export async function countFinanceLines(db: Executor, period: Period, cap?: number): Promise<number> {
  const limit = cap === undefined ? sql`` : sql` limit ${cap}`;
  const [row] = await selectRows<{ n: string }>(
    db,
    sql`select count(*) as n from (select 1 from ledger_entries e
      join ledger_groups g on g.id = e.group_id
      join ledger_accounts a on a.id = e.account_id
      where a.kind in ('campaign', 'general_fund') and g.kind in ${LINE_GROUP_KINDS}
        and g.created_at >= ${startOfSaoPauloDayText(period.from)} and g.created_at < ${endOfSaoPauloDayText(period.to)}${limit}) lines`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The lines of the period's next `groups` ledger groups after `after` (from the first when none), and where
 * they ended (null: the period has no more): an export reads a period this way (finance-pages.ts). The groups
 * are picked first, by the index on their time (a handful of rows), then their lines read by id: each page
 * costs its own rows, where one query with a cursor and a limit was planned as a join of every entry.
 */
export async function financeLinePage(
  db: Executor,
  period: Period,
  options: { groups: number; locale: string; after?: FinanceCursor },
): Promise<{ lines: FinanceLine[]; last: FinanceCursor | null }> {
  const { groups, locale, after } = options;
  const keys = await selectRows<{ id: string; at_text: string }>(
    db,
    sql`select id, created_at::text as at_text from ledger_groups
      where kind in ${LINE_GROUP_KINDS}
        and created_at >= ${startOfSaoPauloDayText(period.from)} and created_at < ${endOfSaoPauloDayText(period.to)}
        ${after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.groupId}::uuid)` : sql``}
      order by created_at, id limit ${groups}`,
  );
  const end = keys.at(-1);
  if (!end) return { lines: [], last: null };
  const ids = keys.map((key) => key.id);
  const rows = await selectRows<RawLine>(
    db,
    sql`select * from (${linesQuery(period, true, locale, ids)}) lines order by at, group_id, entry_id`,
  );
  return { lines: rows.map(lineOf), last: keys.length < groups ? null : { at: end.at_text, groupId: end.id } };
}

function lineOf(row: RawLine): FinanceLine {
  const amount = Number(row.amount);
  const refund = row.line_kind === 'refund';
  const fee = row.line_kind === 'fee';
  return {
    at: new Date(row.at).toISOString(),
    day: row.day,
    kind: fee ? 'fee' : row.group_kind === 'chargeback' ? 'chargeback' : refund ? 'refund' : 'donation',
    reference: row.reference,
    donation_id: row.donation_id,
    method: row.method,
    campaign: row.campaign_slug ? { slug: row.campaign_slug, title: row.campaign_title ?? '' } : null,
    category: row.category_slug ? { slug: row.category_slug, name: row.category_name ?? '' } : null,
    // Monthly giving: the credit its charges put in the wallet, donated from there.
    recurring: Boolean(row.recurring),
    gross: refund || fee ? 0 : amount,
    refund: refund ? -amount : 0,
    fee: fee ? -amount : 0,
    net: amount,
  };
}

/**
 * The period's days not compacted (today, yesterday until the job has run, a reopened day), as ranges of
 * consecutive days, between the ledger's first and last days (the ends of the index on the groups' time:
 * days outside hold no line).
 */
async function openDayRanges(db: Executor, period: Period): Promise<DayRange[]> {
  return selectRows<DayRange>(
    db,
    sql`
    with ledger_days as (
      select (min(created_at) at time zone 'America/Sao_Paulo')::date as first,
        (max(created_at) at time zone 'America/Sao_Paulo')::date as last from ledger_groups
    ),
    open_days as (
      select d::date as day from ledger_days,
        generate_series(greatest(${period.from}::date, ledger_days.first), least(${period.to}::date, ledger_days.last), interval '1 day') d
      where not exists (select 1 from finance_compacted_days c where c.day = d::date)
    )
    -- Consecutive days share their distance from their rank: one range each.
    select min(day)::text as "from", max(day)::text as "to"
    from (select day, day - (row_number() over (order by day))::int as island from open_days) days
    group by island order by 1`,
  );
}

/**
 * The period's lines summed per kind, cause's account and method, and gross per day: compacted days from
 * their rollups (finance_day_sums), every other day from the ledger's own lines (finance-rollups.ts). One
 * snapshot for both reads (a day compacted or reopened meanwhile is counted once), without the JIT: these
 * statements are small, and compiling them cost seconds where running them costs milliseconds.
 */
type Sums = {
  day: string | null;
  line_kind: LineKind;
  account_kind: string | null;
  method: string | null;
  campaign_slug: string | null;
  campaign_title: string | null;
  category_slug: string | null;
  category_name: string | null;
  amount: string;
  n: string;
};

async function sums(db: Executor, period: Period, locale: string): Promise<Sums[]> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      const open = await openDayRanges(tx, period);
      return selectRows<Sums>(
        tx,
        sql`
    with parts as (
      select day, line_kind, account_id, method, amount_cents, lines from finance_day_sums
        where day >= ${period.from}::date and day <= ${period.to}::date
      ${open.length > 0 ? sql`union all ${daySums(open)}` : sql``}
    ),
    summed as (
      select day, line_kind, account_id, method, sum(amount_cents) as amount, sum(lines) as n from parts
      group by grouping sets ((line_kind, day), (line_kind, account_id, method))
    )
    select s.day::text as day, s.line_kind, a.kind as account_kind, s.method, c.slug as campaign_slug, c.title as campaign_title,
      cat.slug as category_slug, coalesce(nullif(trim(cat.translations ->> ${locale}), ''), cat.name) as category_name,
      s.amount, s.n
    from summed s
    left join ledger_accounts a on a.id = s.account_id
    left join campaigns c on a.kind = 'campaign' and c.id::text = a.owner_key
    left join categories cat on cat.id = c.category_id`,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Group = FinanceFigures['by_method'][number];

/** Gross lines added up per key, biggest first. */
function groupsOf(rows: readonly Sums[], keyOf: (row: Sums) => { key: string; label: string }): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const { key, label } = keyOf(row);
    const id = `${key}\u0000${label}`;
    const group = groups.get(id) ?? { key, label, gross: 0, count: 0 };
    group.gross += Number(row.amount);
    group.count += Number(row.n);
    groups.set(id, group);
  }
  return [...groups.values()].sort((a, b) => b.gross - a.gross || a.key.localeCompare(b.key));
}

/** The page's figures (sums of the export's lines), with the monthly giving read at the period's end. */
export async function figuresOf(
  db: Executor,
  period: Period,
  locale = 'pt',
): Promise<FinanceFigures & { daily: Array<{ day: string; gross: number }> }> {
  const rows = await sums(db, period, locale);
  const byAccount = rows.filter((r) => r.day === null);
  const total = (kind: LineKind) => byAccount.filter((r) => r.line_kind === kind).reduce((sum, r) => sum + Number(r.amount), 0);
  const gross = total('gross');
  const refunds = -total('refund');
  const fees = -total('fee');
  const grossRows = byAccount.filter((r) => r.line_kind === 'gross');
  const start = startOfSaoPauloDayText(period.from);
  const end = endOfSaoPauloDayText(period.to);
  const [m] = await selectRows<Record<'active' | 'mrr' | 'at_start' | 'churned' | 'recovered', string>>(
    db,
    sql`
    select
      (select count(distinct s.user_id) from subscriptions s where s.created_at < ${end} and (s.canceled_at is null or s.canceled_at >= ${end})) as active,
      (select coalesce(sum(s.amount_cents), 0) from subscriptions s where s.created_at < ${end} and (s.canceled_at is null or s.canceled_at >= ${end}) and s.status <> 'paused') as mrr,
      (select count(*) from subscriptions s where s.created_at < ${start} and (s.canceled_at is null or s.canceled_at >= ${start})) as at_start,
      (select count(*) from subscriptions s where s.canceled_at >= ${start} and s.canceled_at < ${end}) as churned,
      (select count(*) from subscription_charges c where c.status = 'succeeded' and c.attempt > 0 and c.settled_at >= ${start} and c.settled_at < ${end}) as recovered
  `,
  );
  if (!m) throw new Error('finances: no monthly row');
  return {
    gross,
    fees,
    refunds,
    net: gross - fees - refunds,
    donations: grossRows.reduce((sum, r) => sum + Number(r.n), 0),
    by_method: groupsOf(grossRows, (r) => ({ key: r.method ?? 'other', label: r.method ?? '' })),
    by_campaign: groupsOf(grossRows, (r) =>
      r.campaign_slug ? { key: r.campaign_slug, label: r.campaign_title ?? r.campaign_slug } : { key: 'general_fund', label: '' },
    ),
    by_category: groupsOf(grossRows, (r) =>
      r.category_slug ? { key: r.category_slug, label: r.category_name ?? r.category_slug } : { key: 'none', label: '' },
    ),
    daily: rows
      .filter((r) => r.day !== null && r.line_kind === 'gross')
      .map((r) => ({ day: r.day as string, gross: Number(r.amount) }))
      .sort((x, y) => x.day.localeCompare(y.day)),
    monthly: {
      active_donors: Number(m.active),
      mrr: Number(m.mrr),
      churn_rate: Number(m.at_start) > 0 ? Number(m.churned) / Number(m.at_start) : 0,
      churned: Number(m.churned),
      failed_charges_recovered: Number(m.recovered),
    },
  };
}

/** What Semear holds for others now: wallet credit, gift-card balances, and what will be donated in 30 days. */
async function liabilities(db: Executor, now: Date) {
  const [row] = await selectRows<Record<'wallets' | 'cards' | 'soon', string>>(
    db,
    sql`
    select
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'donor_wallet') as wallets,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'gift_card') as cards,
      (select coalesce(sum(greatest(rem, 0)), 0) from (
        select (select coalesce(sum(le.amount_cents), 0) from ledger_entries le where le.lot_id = l.id) as rem
        from wallet_lots l where l.expires_at > ${now} and l.expires_at <= ${new Date(now.getTime() + 30 * 86_400_000)}
      ) lots) as soon
  `,
  );
  return {
    wallet_credit: Number(row?.wallets ?? 0),
    gift_card_balances: Number(row?.cards ?? 0),
    auto_donation_next_30_days: Number(row?.soon ?? 0),
  };
}

/** The page: the period's figures (categories named in `locale`), the previous period's to compare, the liabilities now, and gross by day. */
export async function financeReport(db: Executor, period: Period, now: Date, locale = 'pt'): Promise<FinanceReport> {
  const previous = previousPeriod(period);
  const { daily, ...figures } = await figuresOf(db, period, locale);
  const { daily: _earlier, ...before } = await figuresOf(db, previous, locale);
  return { period, previous_period: previous, figures, previous: before, liabilities: await liabilities(db, now), daily };
}
