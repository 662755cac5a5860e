import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../contracts/constants';

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

/** The first instant of the São Paulo day `day` (an SQL date), and of the day after. */
export const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${ZONE})`;
export const dayEnd = (day: SQL) => sql`((${day} + 1)::timestamp at time zone ${ZONE})`;

/** Today's date in São Paulo by the database's clock (the clock that dates ledger groups). */
export const TODAY = sql`(now() at time zone ${ZONE})::date`;

/**
 * The finance lines of the days `days` (a query answering a `day` date column) summed per day, kind of
 * line, cause's account and payment method: the rows of `finance_day_sums`. Each day is read by the
 * index on the groups' time, so the cost is the days' own lines.
 */
export const daySums = (days: SQL) => sql`
    select o.day, ${LINE_KIND} as line_kind, e.account_id, d.payment_method as method,
      sum(e.amount_cents) as amount_cents, count(*) as lines
    from (${days}) o
    join ledger_groups g on g.created_at >= ${dayStart(sql`o.day`)} and g.created_at < ${dayEnd(sql`o.day`)}
    join ledger_entries e on e.group_id = g.id
    join ledger_accounts a on a.id = e.account_id
    ${DONATION_OF_GROUP}
    where a.kind in ('campaign', 'general_fund') and g.kind in ${LINE_GROUP_KINDS}
    group by o.day, 2, e.account_id, d.payment_method`;
