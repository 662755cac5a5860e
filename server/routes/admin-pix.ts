import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoutAccountRequestSchema, payoutAccountSchema, pixKeyRequestSchema, pixKeySchema } from '../../contracts/admin-pix';
import { noContentSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { actorOf } from '../services/admin/audit-log';
import { createPixAdminService } from '../services/pix/pix-admin';

const idParams = z.object({ id: z.string().uuid() });
const created = z.object({ id: z.string() });

/**
 * PIX keys (MANAGE_FINANCES and MANAGE_CAMPAIGNS) and payout accounts (MANAGE_PIX_ACCOUNTS), like their
 * pages (docs/admin.md): a change is asked for, then approved or rejected by another admin.
 */
export const adminPixRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createPixAdminService(db, { translator: app.translator, now: () => clock.now() });
  const keys = { onRequest: app.requirePermissions(['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']), config: { noStore: true } };
  const accounts = { onRequest: app.requirePermissions(['MANAGE_PIX_ACCOUNTS']), config: { noStore: true } };
  const decision = { params: idParams, response: { 204: noContentSchema } };
  // Asking for a change and approving one need a fresh second factor (docs/security.md, Step-up); rejecting does not.
  const stepUp = (gate: typeof keys) => ({ ...gate, onRequest: [gate.onRequest, app.requireStepUp] });

  app.get('/admin/pix-keys', { ...keys, schema: { response: { 200: z.array(pixKeySchema) } } }, async (request) =>
    service.listKeys(request.user.id),
  );
  app.post(
    '/admin/pix-keys',
    { ...stepUp(keys), schema: { body: pixKeyRequestSchema, response: { 201: created } } },
    async (request, reply) => reply.status(201).send({ id: await service.requestKey(actorOf(request), request.body) }),
  );
  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(`/admin/pix-keys/:id/${verb}`, { ...(approve ? stepUp(keys) : keys), schema: decision }, async (request, reply) => {
      await service.decideKey(actorOf(request), (request.params as { id: string }).id, approve);
      return reply.status(204).send(null);
    });
    app.post(
      `/admin/pix-accounts/:id/${verb}`,
      { ...(approve ? stepUp(accounts) : accounts), schema: decision },
      async (request, reply) => {
        await service.decideAccount(actorOf(request), (request.params as { id: string }).id, approve);
        return reply.status(204).send(null);
      },
    );
  }
  app.get('/admin/pix-accounts', { ...accounts, schema: { response: { 200: z.array(payoutAccountSchema) } } }, async (request) =>
    service.listAccounts(request.user.id),
  );
  app.post(
    '/admin/pix-accounts',
    { ...stepUp(accounts), schema: { body: payoutAccountRequestSchema, response: { 201: created } } },
    async (request, reply) => reply.status(201).send({ id: await service.requestAccount(actorOf(request), request.body) }),
  );
};
