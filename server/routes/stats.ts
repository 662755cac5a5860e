import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformTotalsSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { platformTotals } from '../campaigns/campaigns-repository';

/** The home page's platform figures; like a campaign's total, they move with each donation. */
export const statsRoutes: FastifyPluginAsync<AppServices> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/stats/totals', { schema: { response: { 200: platformTotalsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return platformTotals(db);
  });
};
