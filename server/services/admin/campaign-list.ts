import type { z } from 'zod';
import type { adminCampaignQuerySchema, AdminCampaignRow } from '../../../contracts/admin-campaigns';
import { CAMPAIGN_STATUSES, nameIn } from '../../../contracts/campaigns';
import { lastSaoPauloDayBefore } from '../../../contracts/sao-paulo-time';
import { listPublicCampaigns } from '../../campaigns/campaigns-repository';
import type { Executor } from '../../db/types';

type AdminCampaignQuery = z.output<typeof adminCampaignQuerySchema>;

/** Every campaign for the admins, drafts included, with raised, goal and donors; category names in `locale`. */
export async function adminCampaignList(
  db: Executor,
  query: AdminCampaignQuery,
  now: Date,
  locale: string,
): Promise<{ rows: AdminCampaignRow[]; total: number }> {
  const { status, ...filter } = query;
  const { rows, total } = await listPublicCampaigns(db, { ...filter, statuses: status ? [status] : CAMPAIGN_STATUSES }, now);
  return {
    total,
    rows: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      status: row.status,
      category: row.categorySlug
        ? { slug: row.categorySlug, name: nameIn(locale, row.categoryName ?? '', row.categoryTranslations) }
        : null,
      raised: row.raised,
      goal: row.goalCents,
      donors: row.donorCount,
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      last_day: row.endsAt ? lastSaoPauloDayBefore(row.endsAt) : null,
    })),
  };
}
