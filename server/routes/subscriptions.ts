import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelByLinkSchema,
  cancelLinkAnswerSchema,
  currentSubscriptionSchema,
  subscriptionPatchSchema,
  subscriptionRequestSchema,
  subscriptionSchema,
  type CancelLinkAnswer,
  type Subscription,
  subscriptionResultSchema,
} from '../../contracts/subscriptions';
import type { AppServices } from '../app-services';
import type { SubscriptionRow } from '../db/schema';
import { createIdempotentAnswer } from '../http/idempotent-answer';
import { createSubscriptionService } from '../services/subscriptions/create-subscription';
import { createSubscriptionManagement } from '../services/subscriptions/manage-subscription';
import { currentSubscription, presentedSubscription } from '../services/subscriptions-reads';
import { pathParam } from '../../contracts/plain-text';

const idParams = z.object({ id: pathParam() });
const linkAnswer = (sub: SubscriptionRow): CancelLinkAnswer => ({ subscription: { amount: sub.amountCents, status: sub.status } });

/** Monthly giving (docs/monthly-giving.md): subscribe, manage from the profile, cancel from an e-mail. */
export const subscriptionRoutes: FastifyPluginAsync<AppServices> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const deps = {
    db,
    clock,
    gateways: options.gateways,
    translator: app.translator,
    config: options.config,
    log: app.log,
    pixExpiresS: options.config.payments.pix.expiresS,
  };
  const service = createSubscriptionService(deps);
  const management = createSubscriptionManagement(deps);
  const answerOnce = createIdempotentAnswer({ db, clock, leaseMs: options.config.idempotencyLeaseMs, log: app.log });

  const presented = (id: string): Promise<Subscription> => presentedSubscription(db, id);

  // Signed-out callers hear 401 before anything about their body.
  app.post(
    '/subscriptions',
    {
      onRequest: app.authenticate,
      config: { ...app.paymentRateLimit, idempotencyKey: true },
      schema: { body: subscriptionRequestSchema, response: { 201: subscriptionResultSchema } },
    },
    async (request, reply) => {
      const userId = request.user.id;
      return answerOnce(request, reply, {
        scope: `user:${userId}|subscriptions`,
        request: { body: request.body },
        execute: (checkpoint) => service.create({ request: request.body, userId, locale: request.locale, checkpoint }),
        resume: (note) => service.resume(note),
      });
    },
  );

  app.get(
    '/subscriptions/current',
    { onRequest: app.authenticate, schema: { response: { 200: currentSubscriptionSchema } } },
    async (request) => currentSubscription(db, request.user.id),
  );

  app.patch(
    '/subscriptions/:id',
    { onRequest: app.authenticate, schema: { params: idParams, body: subscriptionPatchSchema, response: { 200: subscriptionSchema } } },
    async (request) => presented(await management.update(request.user.id, request.params.id, request.body, clock.now())),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `/subscriptions/:id/${action}`,
      { onRequest: app.authenticate, schema: { params: idParams, response: { 200: subscriptionSchema } } },
      async (request) => presented(await management[action](request.user.id, request.params.id, clock.now())),
    );
  }

  // No sign-in: the signed token is the permission (cancel-link.ts).
  app.get(
    '/subscriptions/cancel-by-link',
    { config: app.paymentRateLimit, schema: { querystring: cancelByLinkSchema, response: { 200: cancelLinkAnswerSchema } } },
    async (request) => linkAnswer(await management.fromLink(request.query.token)),
  );

  app.post(
    '/subscriptions/cancel-by-link',
    { config: app.paymentRateLimit, schema: { body: cancelByLinkSchema, response: { 200: cancelLinkAnswerSchema } } },
    async (request) => linkAnswer(await management.cancelByLink(request.body.token, clock.now())),
  );
};
