import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageViewBatchSchema } from '../../contracts/analytics';
import type { AppServices } from '../app-services';
import { pageViews } from '../db/schema';

export const analyticsRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** Visitors send views too: a valid bearer token only adds the user id, a bad one is ignored. */
  app.post('/analytics/page-views', { schema: { body: pageViewBatchSchema } }, async (request, reply) => {
    const userId = await app.optionalUserId(request);
    const now = clock.now();
    await db.insert(pageViews).values(
      request.body.views.map((view) => ({
        path: view.path,
        referrer: view.referrer ?? null,
        locale: view.locale ?? null,
        userId,
        occurredAt: new Date(view.occurred_at),
        createdAt: now,
      })),
    );
    return reply.status(204).send();
  });
};
