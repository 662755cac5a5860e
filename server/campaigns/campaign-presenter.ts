import { lastSaoPauloDayBefore } from '../../contracts/sao-paulo-time';
import { nameIn, type CampaignDetail, type CampaignDonor, type CampaignMessage, type CampaignSummary } from '../../contracts/campaigns';
import type { DonorJson, MessageJson, TagJson } from './campaign-figures';
import { servedStoryHtml } from '../services/story-html';
import { isAcceptingDonations } from './campaign-rules';
import type { CampaignDetailRow, CampaignSummaryRow } from './campaigns-repository';

/** An uploaded path (/uploads/...) as an absolute URL: shared links and e-mails need the host. */
export const absoluteUrl = (path: string | null, publicUrl: string): string | null =>
  path ? new URL(path, `${publicUrl}/`).toString() : null;

/** The canonical address of a campaign's page. */
export const campaignPageUrl = (slug: string, publicUrl: string): string => `${publicUrl}/${encodeURIComponent(slug)}`;

/** Timestamps read inside JSON carry the session's offset; the API speaks UTC ISO. */
const iso = (value: string | Date): string => new Date(value).toISOString();

/** A tag as the API gives it: its name in the request's language. */
export const presentTag = (tag: TagJson, locale: string) => ({ slug: tag.slug, name: nameIn(locale, tag.name, tag.translations) });

export function presentCampaignSummary(row: CampaignSummaryRow, publicUrl: string, locale: string): CampaignSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    cover_url: absoluteUrl(row.coverImage, publicUrl),
    category:
      row.categorySlug && row.categoryName
        ? { slug: row.categorySlug, name: nameIn(locale, row.categoryName, row.categoryTranslations) }
        : null,
    tags: row.tags.map((tag) => presentTag(tag, locale)),
    goal: row.goalCents,
    raised: row.raised,
    donor_count: row.donorCount,
    status: row.status,
    featured: row.featured,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    last_day: row.endsAt ? lastSaoPauloDayBefore(row.endsAt) : null,
    organiser_name: row.organiserName,
  };
}

export const presentMessage = (m: MessageJson): CampaignMessage => ({
  id: m.id,
  donor_name: m.donor_name,
  message: m.message,
  created_at: iso(m.created_at),
});

export const presentDonor = (d: DonorJson): CampaignDonor => ({
  id: d.id,
  donor_name: d.donor_name,
  amount: Number(d.amount),
  created_at: iso(d.created_at),
});

export function presentCampaignDetail(row: CampaignDetailRow, publicUrl: string, now: Date, locale: string): CampaignDetail {
  return {
    ...presentCampaignSummary(row, publicUrl, locale),
    story_html: servedStoryHtml(row.story),
    donation_count: row.donationCount,
    message_count: row.messageCount,
    latest_messages: row.latestMessages.map(presentMessage),
    latest_donors: row.latestDonors.map(presentDonor),
    accepting_donations: isAcceptingDonations(row, now),
  };
}
