import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageViewBatchSchema } from '../../contracts/analytics';
import { noContentSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { recordPageViews } from '../services/page-views';

export const analyticsRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** Visitors send views too: a valid bearer token only adds the user id, a bad one is ignored. */
  app.post(
    '/analytics/page-views',
    { config: app.analyticsRateLimit, schema: { body: pageViewBatchSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const userId = await app.optionalUserId(request);
      await recordPageViews(db, { views: request.body.views, userId, now: clock.now() });
      return reply.status(204).send(null);
    },
  );
};
