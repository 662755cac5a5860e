import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contributionListSchema, contributionQuerySchema, type Contribution } from '../../contracts/contributions';
import type { AppServices } from '../app-services';
import { listContributions } from '../services/contributions/list-contributions';

/** The donor's giving history (/profile/contributions): own contributions only, total in x-total-count. */
export const contributionRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/contributions',
    { onRequest: app.authenticate, schema: { querystring: contributionQuerySchema, response: { 200: contributionListSchema } } },
    async (request, reply): Promise<Contribution[]> => {
      const { items, total } = await listContributions(db, request.user.id, request.query, clock.now());
      reply.header('x-total-count', String(total));
      reply.header('cache-control', 'no-store');
      return items;
    },
  );
};
