import { sql, type SQL } from 'drizzle-orm';
import type { CardBrand } from '../../../contracts/cards';
import type { Contribution, ContributionFilters } from '../../../contracts/contributions';
import type { PaymentMethod } from '../../../contracts/donations';
import type { Executor } from '../../db/types';
import { maskedDocument } from './mask-document';

interface ContributionRow {
  id: string;
  type: Contribution['type'] | 'gift_card_order';
  status: Contribution['status'];
  amount: number;
  refunded: number;
  created_at: Date | string;
  paid_at: Date | string;
  campaign_slug: string | null;
  campaign_title: string | null;
  payment_method: PaymentMethod | null;
  card_brand: string | null;
  card_last4: string | null;
  donor_name: string | null;
  cpf: string | null;
  cnpj: string | null;
  total: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period as a [from, to) window; a year is its calendar year in America/Sao_Paulo (done in SQL). */
function periodCondition(period: string | undefined, now: Date): SQL | null {
  if (!period) return null;
  if (period === '30d') return sql`created_at >= ${new Date(now.getTime() - 30 * DAY_MS)}`;
  if (period === '90d') return sql`created_at >= ${new Date(now.getTime() - 90 * DAY_MS)}`;
  if (period === '12m') return sql`created_at >= (${now}::timestamptz - interval '12 months')`;
  const year = Number(period);
  return sql`created_at >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'America/Sao_Paulo') and created_at < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, 'America/Sao_Paulo')`;
}

/**
 * Everything the donor gave, one list: donations (automatic ones marked by their automatic_source),
 * monthly charges (each attempt, as the card statement shows it) and gift-card orders, with the
 * statuses mapped to one set (contracts/contributions-search.ts). One statement: UNION ALL, filters,
 * then the page with the filtered total as a window count.
 */
function contributionsQuery(userId: string, filters: ContributionFilters, now: Date, page: { limit: number; offset: number } | null): SQL {
  const conditions = [
    filters.type ? (filters.type === 'gift_card' ? sql`type in ('gift_card', 'gift_card_order')` : sql`type = ${filters.type}`) : null,
    filters.status ? sql`status = ${filters.status}` : null,
    periodCondition(filters.period, now),
  ].filter((c): c is SQL => c !== null);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // An order of gift cards lists as one gift-card contribution (its cards issued outside an order, one each).
  const items = sql`
    select d.id::text as id,
           case when d.automatic_source is not null then 'automatic_donation' else 'donation' end as type,
           case d.status when 'confirmed' then 'paid' when 'pending' then 'pending' when 'refunded' then 'refunded' else 'failed' end as status,
           d.amount_cents::int as amount,
           coalesce((select sum(r.amount_cents) from refunds r where r.donation_id = d.id and r.status = 'succeeded'), 0)::int as refunded,
           d.created_at, coalesce(d.confirmed_at, d.created_at) as paid_at,
           c.slug as campaign_slug, c.title as campaign_title, d.payment_method::text as payment_method,
           p.card_brand, p.card_last4,
           d.contact->>'name' as donor_name, d.contact->>'cpf' as cpf, d.contact->>'cnpj' as cnpj
      from donations d
      left join campaigns c on c.id = d.campaign_id
      left join lateral (select card_brand, card_last4 from payments where donation_id = d.id order by created_at desc limit 1) p on true
     where d.user_id = ${userId}
    union all
    select sc.id::text, 'monthly',
           case sc.status when 'succeeded' then 'paid' when 'processing' then 'pending' else 'failed' end,
           sc.amount_cents::int, 0, sc.created_at, coalesce(sc.settled_at, sc.created_at),
           null, null, 'card', sc.card_brand, sc.card_last4,
           s.contact->>'name', s.contact->>'cpf', s.contact->>'cnpj'
      from subscription_charges sc
      join subscriptions s on s.id = sc.subscription_id
     where sc.user_id = ${userId}
    union all
    select o.id::text, 'gift_card_order',
           case o.status when 'paid' then 'paid' when 'pending' then 'pending' else 'failed' end,
           o.total_cents::int, 0, o.created_at, coalesce(o.paid_at, o.created_at),
           null, null, o.payment_method::text, p.card_brand, p.card_last4,
           coalesce(o.contact->>'corporate_name', o.contact->>'name'), o.contact->>'cpf', o.contact->>'cnpj'
      from gift_card_orders o
      left join lateral (select card_brand, card_last4 from payments where gift_card_order_id = o.id order by created_at desc limit 1) p on true
     where o.user_id = ${userId}
    union all
    select g.id::text, 'gift_card', case g.status when 'cancelled' then 'refunded' else 'paid' end,
           g.value_cents::int, 0, g.created_at, g.created_at,
           null, null, null, null, null,
           u.name, u.cpf, u.cnpj
      from gift_cards g
      join users u on u.id = g.buyer_user_id
     where g.buyer_user_id = ${userId} and g.order_id is null`;
  if (!page) return sql`select count(*)::int as total from (${items}) items ${where}`;
  return sql`
    select items.*, count(*) over ()::int as total
      from (${items}) items ${where}
     order by created_at desc, id desc
     limit ${page.limit} offset ${page.offset}`;
}

// Both drivers answer raw statements with { rows }; the executor union hides it from the types.
const rowsOf = async <T>(executor: Executor, query: SQL): Promise<T[]> =>
  ((await executor.execute(query)) as unknown as { rows: T[] }).rows;

const iso = (value: Date | string): string => new Date(value).toISOString();

function presentContribution(row: ContributionRow): Contribution {
  const order = row.type === 'gift_card_order';
  return {
    id: row.id,
    type: row.type === 'gift_card_order' ? 'gift_card' : row.type,
    gift_card_order_id: order ? row.id : null,
    status: row.status,
    amount: Number(row.amount),
    refunded: Number(row.refunded),
    created_at: iso(row.created_at),
    campaign: row.campaign_slug && row.campaign_title ? { slug: row.campaign_slug, title: row.campaign_title } : null,
    payment_method: row.payment_method,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand as CardBrand, last4: row.card_last4 } : null,
    receipt: { paid_at: iso(row.paid_at), donor_name: row.donor_name ?? '', ...maskedDocument(row.cpf, row.cnpj) },
  };
}

/** One page of the donor's contributions and how many match the filters. */
export async function listContributions(
  executor: Executor,
  userId: string,
  filters: ContributionFilters,
  now: Date,
): Promise<{ items: Contribution[]; total: number }> {
  const typed = await rowsOf<ContributionRow>(
    executor,
    contributionsQuery(userId, filters, now, { limit: filters.amount, offset: filters.page * filters.amount }),
  );
  if (typed.length > 0) return { items: typed.map(presentContribution), total: Number(typed[0]!.total) };
  // Past the last page the window count has no row to ride on.
  if (filters.page === 0) return { items: [], total: 0 };
  const [counted] = await rowsOf<{ total: number }>(executor, contributionsQuery(userId, filters, now, null));
  return { items: [], total: Number(counted?.total ?? 0) };
}
