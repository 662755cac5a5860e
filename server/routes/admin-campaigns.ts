import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCampaignQuerySchema, adminCampaignRowSchema } from '../../contracts/admin-campaigns';
import type { AppServices } from '../app-services';
import { adminCampaignList } from '../services/admin/campaign-list';

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
      const { rows, total } = await adminCampaignList(db, request.query, clock.now(), request.locale);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
};
