import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCampaignQuerySchema, adminCampaignRowSchema } from '../../contracts/admin-campaigns';
import { CAMPAIGN_STATUSES, nameIn } from '../../contracts/campaigns';
import { lastSaoPauloDayBefore } from '../../contracts/sao-paulo-time';
import type { AppServices } from '../app-services';
import { listPublicCampaigns } from '../campaigns/campaigns-repository';

/** GET /admin/campaigns (MANAGE_CAMPAIGNS): every campaign, drafts included, with raised, goal and donors, category names in the request's language; total in x-total-count. */
export const adminCampaignRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/campaigns',
    {
      onRequest: app.requirePermissions(['MANAGE_CAMPAIGNS']),
      config: { noStore: true },
      schema: { querystring: adminCampaignQuerySchema, response: { 200: z.array(adminCampaignRowSchema) } },
    },
    async (request, reply) => {
      const { status, ...filter } = request.query;
      const { rows, total } = await listPublicCampaigns(db, { ...filter, statuses: status ? [status] : CAMPAIGN_STATUSES }, clock.now());
      reply.header('x-total-count', String(total));
      return rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        status: row.status,
        category: row.categorySlug
          ? { slug: row.categorySlug, name: nameIn(request.locale, row.categoryName ?? '', row.categoryTranslations) }
          : null,
        raised: row.raised,
        goal: row.goalCents,
        donors: row.donorCount,
        starts_at: row.startsAt?.toISOString() ?? null,
        ends_at: row.endsAt?.toISOString() ?? null,
        last_day: row.endsAt ? lastSaoPauloDayBefore(row.endsAt) : null,
      }));
    },
  );
};
