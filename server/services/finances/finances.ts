import { sql } from 'drizzle-orm';
import type { FinanceFigures, FinanceLine, FinanceReport } from '../../../contracts/admin-finances';
import { saoPauloDateOf, startOfSaoPauloDay } from '../../../contracts/sao-paulo-time';
import type { Executor } from '../../db/types';
import { endOfDayInstant } from '../admin/campaign-content';
import { selectRows } from '../wallet/raw-rows';

/**
 * The finances of a period (docs/admin.md), all from the ledger: every entry on a cause's account (a
 * campaign or the general fund) in a group written in the period is one line of the export, and every
 * figure of the page is a sum of those lines — the test adds them up. Donations ('donation' and the
 * monthly giving's 'automatic_donation' groups) are gross, 'refund' groups are refunds; fees are what the
 * platform's fee account received (none while the sandbox charges none).
 */

interface Period {
  from: string;
  to: string;
}

const dayStart = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return startOfSaoPauloDay({ year, month, day: date });
};
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (instant: Date) => {
  const d = saoPauloDateOf(instant);
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
};

/** The period of the same length just before. */
export function previousPeriod(period: Period): Period {
  const start = dayStart(period.from).getTime();
  const length = endOfDayInstant(period.to).getTime() - start;
  return { from: dayOf(new Date(start - length)), to: dayOf(new Date(start - 1)) };
}

type RawLine = {
  at: Date;
  group_kind: string;
  reference: string;
  amount: string;
  donation_id: string | null;
  method: string | null;
  campaign_slug: string | null;
  campaign_title: string | null;
  category_slug: string | null;
  category_name: string | null;
  lot_origins: string | null;
};

/** The period's ledger lines on the causes' accounts, oldest first (the export, and what the figures add up). */
export async function financeLines(db: Executor, period: Period): Promise<FinanceLine[]> {
  const rows = await selectRows<RawLine>(
    db,
    sql`
    select g.created_at as at, g.kind as group_kind, g.reference, e.amount_cents as amount,
      d.id as donation_id, d.payment_method as method,
      c.slug as campaign_slug, c.title as campaign_title, cat.slug as category_slug, cat.name as category_name,
      (select string_agg(distinct l.origin, ',') from ledger_entries le join wallet_lots l on l.id = le.lot_id where le.group_id = g.id) as lot_origins
    from ledger_entries e
    join ledger_groups g on g.id = e.group_id
    join ledger_accounts a on a.id = e.account_id
    left join refunds r on g.reference = 'refund:' || r.id::text
    left join donations d on d.id = coalesce(
      case when g.reference like 'donation:%' then substring(g.reference from 10)::uuid end,
      r.donation_id,
      case when g.reference ~ '^refund:[0-9a-f-]{36}$' and r.id is null then substring(g.reference from 8)::uuid end,
      case when g.description ~ '^donation [0-9a-f-]{36}$' then substring(g.description from 10)::uuid end
    )
    left join campaigns c on a.kind = 'campaign' and c.id::text = a.owner_key
    left join categories cat on cat.id = c.category_id
    where a.kind in ('campaign', 'general_fund')
      and g.kind in ('donation', 'automatic_donation', 'refund')
      and g.created_at >= ${dayStart(period.from)} and g.created_at < ${endOfDayInstant(period.to)}
    order by g.created_at, g.id, e.id
  `,
  );
  return rows.map((row) => {
    const amount = Number(row.amount);
    const refund = row.group_kind === 'refund';
    return {
      at: new Date(row.at).toISOString(),
      day: dayOf(new Date(row.at)),
      kind: refund ? 'refund' : 'donation',
      reference: row.reference,
      donation_id: row.donation_id,
      method: row.method,
      campaign: row.campaign_slug ? { slug: row.campaign_slug, title: row.campaign_title ?? '' } : null,
      category: row.category_slug ? { slug: row.category_slug, name: row.category_name ?? '' } : null,
      // Monthly giving: the credit its charges put in the wallet, donated from there.
      recurring: row.group_kind === 'automatic_donation' || (row.lot_origins ?? '').split(',').includes('monthly_credit'),
      gross: refund ? 0 : amount,
      refund: refund ? -amount : 0,
      fee: 0,
      net: amount,
    };
  });
}

const sumBy = <K extends string>(lines: FinanceLine[], key: (l: FinanceLine) => K | null, label: (l: FinanceLine) => string) => {
  const groups = new Map<K, { key: K; label: string; gross: number; count: number }>();
  for (const line of lines) {
    const k = key(line);
    if (k === null || line.kind !== 'donation') continue;
    const group = groups.get(k) ?? { key: k, label: label(line), gross: 0, count: 0 };
    group.gross += line.gross;
    group.count += 1;
    groups.set(k, group);
  }
  return [...groups.values()].sort((a, b) => b.gross - a.gross);
};

/** The page's figures from the lines (and the monthly giving and liabilities read at the period's end). */
export async function figuresOf(db: Executor, period: Period, lines: FinanceLine[]): Promise<FinanceFigures> {
  const gross = lines.reduce((sum, l) => sum + l.gross, 0);
  const refunds = lines.reduce((sum, l) => sum + l.refund, 0);
  const fees = lines.reduce((sum, l) => sum + l.fee, 0);
  const start = dayStart(period.from);
  const end = endOfDayInstant(period.to);
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
    donations: lines.filter((l) => l.kind === 'donation').length,
    by_method: sumBy(
      lines,
      (l) => l.method ?? 'other',
      (l) => l.method ?? 'other',
    ),
    by_campaign: sumBy(
      lines,
      (l) => l.campaign?.slug ?? 'general_fund',
      (l) => l.campaign?.title ?? '',
    ),
    by_category: sumBy(
      lines,
      (l) => l.category?.slug ?? 'none',
      (l) => l.category?.name ?? '',
    ),
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

/** The page: the period's figures, the previous period's to compare, the liabilities now, and gross by day. */
export async function financeReport(db: Executor, period: Period, now: Date): Promise<FinanceReport> {
  const previous = previousPeriod(period);
  const [lines, earlier] = await Promise.all([financeLines(db, period), financeLines(db, previous)]);
  const byDay = new Map<string, number>();
  for (const line of lines) byDay.set(line.day, (byDay.get(line.day) ?? 0) + line.gross);
  return {
    period,
    previous_period: previous,
    figures: await figuresOf(db, period, lines),
    previous: await figuresOf(db, previous, earlier),
    liabilities: await liabilities(db, now),
    daily: [...byDay].map(([day, gross]) => ({ day, gross })),
  };
}
