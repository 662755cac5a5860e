import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppServices } from '../app-services';

/** Liveness and database reachability, for load balancers and `npm start` smoke checks. */
export const healthRoutes: FastifyPluginAsync<AppServices> = async (app, { db }) => {
  app.get('/health', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
    }
  });
};
