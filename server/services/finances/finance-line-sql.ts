import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../contracts/constants';
import { endOfSaoPauloDayText, startOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';

/**
 * What makes a finance line (docs/admin.md, "Finances"), shared by the export's lines, the page's sums
 * and the daily rollups (finance-rollups.ts), so the three cannot disagree: every entry on a cause's
 * account (a campaign or the general fund) in a donation, automatic-donation, refund, chargeback or
 * provider-fee group.
 */

/** The groups whose entries on the causes' accounts are finance lines. */
export const LINE_GROUP_KINDS = sql.raw(`('donation', 'automatic_donation', 'refund', 'chargeback', 'provider_fee')`);

/** What a ledger group is to the finances: gross, a refund, or a provider's fee. */
export const LINE_KIND = sql.raw(
  `case when g.kind in ('refund', 'chargeback') then 'refund' when g.kind = 'provider_fee' then 'fee' else 'gross' end`,
);

/** The donation a group `g` belongs to, as `d` (its payment method is a line's method), through its reference or description. */
export const DONATION_OF_GROUP = sql`
    left join refunds r on g.reference = 'refund:' || r.id::text
    left join donations d on d.id = coalesce(
      case when g.reference like 'donation:%' then substring(g.reference from 10)::uuid end,
      case when g.reference like 'chargeback:%' then substring(g.reference from 12)::uuid end,
      r.donation_id,
      case when g.reference ~ '^refund:[0-9a-f-]{36}$' and r.id is null then substring(g.reference from 8)::uuid end,
      case when g.description ~ '^donation [0-9a-f-]{36}$' then substring(g.description from 10)::uuid end
    )`;

const ZONE = sql.raw(`'${TIME_ZONE}'`);

/** The first instant of the São Paulo day after `day` (an SQL date). */
export const dayEnd = (day: SQL) => sql`((${day} + 1)::timestamp at time zone ${ZONE})`;

/** Today's date in São Paulo by the database's clock (the clock that dates ledger groups). */
export const TODAY = sql`(now() at time zone ${ZONE})::date`;

/** Consecutive São Paulo days, `from` to `to` inclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The finance lines of the days `ranges` summed per day, kind of line, cause's account and payment
 * method: the rows of `finance_day_sums`. The ranges go to the database as instants, so its planner reads
 * from the index on the groups' time how many groups they hold (issue 52: a join to a list of days was
 * guessed at millions of rows, planned as a scan of every entry and donation, and compiled by the JIT for
 * 4 s, to sum one day's 191 groups).
 */
export const daySums = (ranges: readonly DayRange[]) => sql`
    select (g.created_at at time zone ${ZONE})::date as day, ${LINE_KIND} as line_kind, e.account_id, d.payment_method as method,
      sum(e.amount_cents) as amount_cents, count(*) as lines
    from ledger_groups g
    join ledger_entries e on e.group_id = g.id
    join ledger_accounts a on a.id = e.account_id
    ${DONATION_OF_GROUP}
    where a.kind in ('campaign', 'general_fund') and g.kind in ${LINE_GROUP_KINDS}
      and (${
        ranges.length === 0
          ? sql`false`
          : sql.join(
              ranges.map(
                (range) =>
                  sql`(g.created_at >= ${startOfSaoPauloDayText(range.from)} and g.created_at < ${endOfSaoPauloDayText(range.to)})`,
              ),
              sql` or `,
            )
      })
    group by 1, 2, e.account_id, d.payment_method`;
