import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, type Health } from '../../contracts/http';
import type { AppServices } from '../app-services';

/**
 * Liveness and database reachability, for load balancers and `npm start` smoke checks. `ping` is the
 * database handle's own check (open-database.ts: on PostgreSQL a connection outside the pool, so a burst of
 * requests holding every pooled connection does not make the node look dead); without a handle, a query.
 */
export const healthRoutes: FastifyPluginAsync<AppServices & { ping?: () => Promise<void> }> = async (instance, { db, ping }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    try {
      await (ping ? ping() : db.execute(sql`select 1`));
      return { status: 'ok', database: 'ok' } satisfies Health;
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
    }
  });
};
