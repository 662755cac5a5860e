import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookReplaySchema,
  webhookSecretSchema,
} from '../../contracts/admin-webhooks';
import { noContentSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { actorOf } from '../services/admin/audit-log';
import { createWebhookService } from '../services/webhooks/webhook-endpoints';

const idParams = z.object({ id: z.string().uuid() });

/**
 * Outgoing webhooks (docs/webhooks.md; like their page, MANAGE_USERS, MANAGE_FINANCES and
 * MANAGE_CAMPAIGNS): endpoints, their secret (shown once, rotated with a day's overlap), the deliveries
 * with each attempt's request and answer, replays and the test event. Every change is audited.
 */
export const adminWebhookRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createWebhookService(db, { allowPrivate: config.webhooksAllowPrivateTargets, now: () => clock.now() });
  const admins = {
    onRequest: app.requirePermissions(['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']),
    config: { noStore: true },
  };
  // Where the platform's events go, and the secret that signs them: a change needs a fresh second factor (docs/security.md).
  const changes = { ...admins, onRequest: [admins.onRequest, app.requireStepUp] };

  app.get('/admin/webhooks', { ...admins, schema: { response: { 200: z.array(webhookEndpointSchema) } } }, async () => service.list());
  app.post(
    '/admin/webhooks',
    { ...changes, schema: { body: webhookEndpointInputSchema, response: { 201: webhookSecretSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );
  app.patch(
    '/admin/webhooks/:id',
    { ...changes, schema: { params: idParams, body: webhookEndpointPatchSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.update(actorOf(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/admin/webhooks/:id',
    { ...changes, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/admin/webhooks/:id/rotate-secret',
    { ...changes, schema: { params: idParams, response: { 200: webhookSecretSchema } } },
    async (request) => service.rotate(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/webhooks/:id/test',
    { ...admins, schema: { params: idParams, response: { 202: z.object({ message_id: z.string() }) } } },
    async (request, reply) => reply.status(202).send(await service.sendTest(actorOf(request), request.params.id)),
  );
  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      ...admins,
      schema: {
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(0).max(10_000).default(0),
          amount: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.array(webhookDeliverySchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.deliveries(request.params.id, request.query.page, request.query.amount);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
  app.post(
    '/admin/webhooks/:id/replay',
    { ...admins, schema: { params: idParams, body: webhookReplaySchema, response: { 202: z.object({ replayed: z.number().int() }) } } },
    async (request, reply) => reply.status(202).send(await service.replay(actorOf(request), request.params.id, request.body)),
  );
};
