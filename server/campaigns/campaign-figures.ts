import { sql, type SQL } from 'drizzle-orm';
import type { NameTranslations } from '../../contracts/campaigns';
import { campaigns } from '../db/schema';

/**
 * Correlated subqueries that compute a campaign's figures inside the statement that reads the
 * campaign, so a page of campaigns is one round trip. They refer to the outer row as
 * "campaigns"."id", so the outer query must read the campaigns table under its own name.
 */
export const campaignIdRef = sql`${campaigns}.${sql.identifier('id')}`;

/** Confirmed donations of the outer campaign (d). Who gave: the account, or else the e-mail typed at checkout. */
const confirmedDonations = sql`from donations d where d.campaign_id = ${campaignIdRef} and d.status = 'confirmed'`;
export const donorKey = sql.raw(`coalesce(d.user_id::text, lower(d.contact->>'email'))`);
/** The name a donor list shows: the person's or company's name, never an e-mail or document; null when anonymous. */
const donorName = sql.raw(`case when d.is_anonymous then null else d.contact->>'name' end`);
/** When a donation counts as given: confirmation time (pending donations have none yet). */
const givenAt = sql.raw(`coalesce(d.confirmed_at, d.created_at)`);
const hasMessage = sql.raw(`btrim(coalesce(d.message, '')) <> ''`);

/**
 * An entry `e` that is not a payment provider's fee: what donors gave counts as raised whole; the fee the
 * cause bears is the NGO's cost, shown in its finances (docs/ledger.md, "Fees").
 */
export const notProviderFee = sql.raw(`not exists (select 1 from ledger_groups fg where fg.id = e.group_id and fg.kind = 'provider_fee')`);

/**
 * Raised: the campaign's ledger entries summed (docs/design.md §6) — its account's balance but for the
 * providers' fees — 0 before the first donation.
 */
export const raisedCents =
  sql<number>`coalesce((select sum(e.amount_cents) from ledger_accounts a join ledger_entries e on e.account_id = a.id
  where a.kind = 'campaign' and a.owner_key = ${campaignIdRef}::text and ${notProviderFee}), 0)::bigint`.mapWith(Number);

export const donorCount = sql<number>`(select count(distinct ${donorKey}) ${confirmedDonations})`.mapWith(Number);
export const donationCount = sql<number>`(select count(*) ${confirmedDonations})`.mapWith(Number);
export const messageCount = sql<number>`(select count(*) ${confirmedDonations} and ${hasMessage})`.mapWith(Number);

export interface TagJson {
  slug: string;
  name: string;
  translations: NameTranslations;
}
export const tagsJson = sql<
  TagJson[]
>`coalesce((select json_agg(json_build_object('slug', t.slug, 'name', t.name, 'translations', t.translations) order by t.name)
  from campaign_tags ct join tags t on t.id = ct.tag_id where ct.campaign_id = ${campaignIdRef}), '[]'::json)`;

export interface MessageJson {
  id: string;
  donor_name: string | null;
  message: string;
  created_at: string;
}
export interface DonorJson {
  id: string;
  donor_name: string | null;
  amount: number;
  created_at: string;
}

/** A window of the campaign's messages (confirmed donations with a message), newest first, as JSON. */
export function messagesJson(limit: number, offset = 0): SQL<MessageJson[]> {
  return sql<
    MessageJson[]
  >`coalesce((select json_agg(json_build_object('id', w.id, 'donor_name', w.donor_name, 'message', w.message, 'created_at', w.given_at) order by w.given_at desc, w.id desc)
    from (select d.id, ${donorName} as donor_name, btrim(d.message) as message, ${givenAt} as given_at ${confirmedDonations} and ${hasMessage}
      order by given_at desc, d.id desc limit ${limit} offset ${offset}) w), '[]'::json)`;
}

/** A window of the campaign's confirmed donations, newest first, as JSON: anonymous ones keep their amount. */
export function donorsJson(limit: number, offset = 0): SQL<DonorJson[]> {
  return sql<
    DonorJson[]
  >`coalesce((select json_agg(json_build_object('id', w.id, 'donor_name', w.donor_name, 'amount', w.amount_cents, 'created_at', w.given_at) order by w.given_at desc, w.id desc)
    from (select d.id, ${donorName} as donor_name, d.amount_cents, ${givenAt} as given_at ${confirmedDonations}
      order by given_at desc, d.id desc limit ${limit} offset ${offset}) w), '[]'::json)`;
}
