import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { WalletLotOriginName } from '../../../contracts/wallet';
import { donorSettings, walletLots as lots } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { lotRemaining } from '../ledger';
import { selectRows } from './raw-rows';

/**
 * The wallet's own reads and writes (docs/ledger.md): lots the jobs settle or warn about, the donor's
 * chosen cause and the rows the cause rule and the statement are made from. Lots are written with
 * their ledger entries, in services/ledger.
 */

/** The automatic donation of a lot's leftover; unique on donations, so it happens once. */
export const lotSource = (lotId: string): string => `lot:${lotId}`;

/**
 * Lots that expired with money left and were not donated yet, the first to expire first: what the
 * settling job owes. walletLots() leaves expired lots out, so they are read here.
 */
export async function expiredLotsWithMoneyLeft(executor: Executor, now: Date): Promise<Array<{ id: string; userId: string }>> {
  const rows = await executor
    .select({ id: lots.id, userId: lots.userId, remaining: lotRemaining })
    .from(lots)
    .where(
      and(
        lte(lots.expiresAt, now),
        sql`not exists (select 1 from donations d where d.automatic_source = 'lot:' || "wallet_lots"."id"::text)`,
      ),
    )
    .orderBy(asc(lots.expiresAt), asc(lots.id));
  return rows.filter((r) => Number(r.remaining) > 0).map(({ id, userId }) => ({ id, userId }));
}

/** A lot's expiry notice is told once: its notification carries this dedupe key. */
export const creditExpiringKey = (lotId: string): string => `credit_expiring:${lotId}`;

export interface ExpiringLot {
  id: string;
  userId: string;
  remainingCents: number;
  expiresAt: Date;
}

/** Lots expiring after `now` and up to `until` with money left, not yet warned about: the ones the donor hears of. */
export async function lotsExpiringBetween(executor: Executor, now: Date, until: Date): Promise<ExpiringLot[]> {
  const rows = await executor
    .select({ id: lots.id, userId: lots.userId, expiresAt: lots.expiresAt, remaining: lotRemaining })
    .from(lots)
    .where(
      and(
        gt(lots.expiresAt, now),
        lte(lots.expiresAt, until),
        sql`not exists (select 1 from notifications n where n.user_id = "wallet_lots"."user_id" and n.dedupe_key = 'credit_expiring:' || "wallet_lots"."id"::text)`,
      ),
    )
    .orderBy(asc(lots.expiresAt), asc(lots.id));
  return rows
    .map((r) => ({ id: r.id, userId: r.userId, expiresAt: r.expiresAt, remainingCents: Number(r.remaining) }))
    .filter((r) => r.remainingCents > 0);
}

/** One lot, locked for the rest of the transaction, with what is left on it; null when unknown. */
export async function lockLot(
  tx: Executor,
  lotId: string,
): Promise<{ id: string; userId: string; origin: string; expiresAt: Date; remainingCents: number } | null> {
  const [lot] = await tx
    .select({ id: lots.id, userId: lots.userId, origin: lots.origin, expiresAt: lots.expiresAt })
    .from(lots)
    .where(eq(lots.id, lotId))
    .for('update');
  if (!lot) return null;
  // Read after the lock: a spend that held the lot has committed by now and its entries count.
  const [left] = await tx.select({ remaining: lotRemaining }).from(lots).where(eq(lots.id, lotId));
  return { ...lot, remainingCents: Number(left?.remaining ?? 0) };
}

/** The donor's choice of where unused credit goes (null: Semear chooses). */
export async function saveAutoDonationCampaign(db: Database, userId: string, campaignId: string | null, now: Date): Promise<void> {
  await db
    .insert(donorSettings)
    .values({ userId, autoDonationCampaignId: campaignId, updatedAt: now })
    .onConflictDoUpdate({ target: donorSettings.userId, set: { autoDonationCampaignId: campaignId, updatedAt: now } });
}

/** A campaign the donor chose or gave to, with what the rule needs to pick one. */
export interface CauseCandidate {
  id: string;
  slug: string;
  title: string;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  chosen: boolean;
  /** The donor's confirmed donations to it within the look-back window, in cents. */
  givenCents: number;
  lastGivenAt: Date | null;
}

interface CandidateRow {
  id: string;
  slug: string;
  title: string;
  status: string;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  chosen: boolean;
  given_cents: string | number;
  last_given_at: string | Date | null;
}

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * The donor's chosen campaign and every campaign they gave to in the window, in one query.
 * Automatic donations do not count as giving: the rule would otherwise feed on its own choices.
 */
export async function causeCandidatesSince(executor: Executor, userId: string, since: Date, now: Date): Promise<CauseCandidate[]> {
  const rows = await selectRows<CandidateRow>(
    executor,
    sql`
    select c.id, c.slug, c.title, c.status, c.starts_at, c.ends_at,
      coalesce(c.id = s.auto_donation_campaign_id, false) as chosen,
      coalesce(g.given_cents, 0) as given_cents, g.last_given_at
    from campaigns c
    left join donor_settings s on s.user_id = ${userId}
    left join (
      select d.campaign_id, sum(d.amount_cents) as given_cents, max(d.confirmed_at) as last_given_at
      from donations d
      where d.user_id = ${userId} and d.status = 'confirmed' and d.automatic_source is null
        and d.campaign_id is not null and d.confirmed_at >= ${since.toISOString()}::timestamptz and d.confirmed_at <= ${now.toISOString()}::timestamptz
      group by d.campaign_id
    ) g on g.campaign_id = c.id
    where c.id = s.auto_donation_campaign_id or g.campaign_id is not null`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    chosen: r.chosen,
    givenCents: Number(r.given_cents),
    lastGivenAt: toDate(r.last_given_at),
  }));
}

export interface StatementRow {
  id: string;
  kind: string;
  created_at: string | Date;
  amount: string | number;
  origin: WalletLotOriginName | null;
  campaign: { slug: string; title: string } | null;
}

// The donor's wallet account; a donor whose wallet never moved has none, and an empty statement.
const walletAccount = (userId: string) => sql`select a.id from ledger_accounts a where a.kind = 'donor_wallet' and a.owner_key = ${userId}`;

/**
 * A page of the groups that touched the donor's wallet, newest first, with the signed sum of their
 * wallet entries, the origin of the lot each filled and the campaign on the other side; and how many there are.
 */
export async function walletStatementRows(
  executor: Executor,
  userId: string,
  page: { page: number; amount: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const [counted] = await selectRows<{ total: string | number }>(
    executor,
    sql`select count(distinct e.group_id) as total from ledger_entries e where e.account_id in (${walletAccount(userId)})`,
  );
  const total = Number(counted?.total ?? 0);
  if (total === 0) return { rows: [], total };
  const rows = await selectRows<StatementRow>(
    executor,
    sql`
    select m.id, m.kind, m.created_at, m.amount, m.origin,
      (select json_build_object('slug', c.slug, 'title', c.title) from ledger_entries o
        join ledger_accounts a on a.id = o.account_id and a.kind = 'campaign'
        join campaigns c on c.id::text = a.owner_key
        where o.group_id = m.id limit 1) as campaign
    from (
      select g.id, g.kind, g.created_at, sum(e.amount_cents) as amount, max(e.id) as last_entry, min(l.origin) as origin
      from ledger_entries e
      join ledger_groups g on g.id = e.group_id
      left join wallet_lots l on l.id = e.lot_id
      where e.account_id in (${walletAccount(userId)})
      group by g.id, g.kind, g.created_at
    ) m
    order by m.created_at desc, m.last_entry desc
    limit ${page.amount} offset ${page.page * page.amount}`,
  );
  return { rows, total };
}
