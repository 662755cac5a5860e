import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, readySchema, type Health } from '../../contracts/http';
import type { Readiness } from '../http/readiness';

/**
 * Liveness and readiness (docs/deploy.md, "Health and readiness"). /health only says the process answers
 * (a supervisor restarts it when it does not); /ready says whether a load balancer should send it
 * traffic: the database answers, the migrations are applied and the node is not shutting down.
 */
export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (instance, { readiness }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' }) satisfies Health);
  app.get('/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (request, reply) => {
    const ready = await readiness.check();
    if (ready.status === 'ok') return ready;
    if (ready.database === 'unreachable') request.log.error('readiness: the database does not answer');
    return reply.status(503).send(ready);
  });
};
