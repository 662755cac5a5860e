import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { messages as m } from '../../contracts/messages';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { applyGatewayEvent } from '../services/donations/gateway-events';
import { applyDebitNews, applyRecurrenceNews } from '../services/subscriptions/pix-automatico';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { pathParam } from '../../contracts/plain-text';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_PROVIDERS, PROVIDER_KEYS } from '../services/payments/providers';
import type { WebhookDelivery } from '../services/payments/gateway';
import { forgedWebhooks } from '../metrics/alert-signals';

/**
 * POST /payments/webhooks/{gateway}: the signature covers the exact bytes sent, so this route (and
 * only this one, in its own encapsulated plugin) reads JSON bodies as raw buffers.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<AppServices> = async (instance, options) => {
  instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = { ...options, translator: app.translator };

  const receive = async (
    gatewayName: string,
    request: { body: unknown; headers: WebhookDelivery['headers']; query?: WebhookDelivery['query']; log: FastifyBaseLogger },
  ) => {
    // Any provider configured here, also one that no longer takes new payments: its payments still settle.
    const gateway = options.gateways.named(gatewayName);
    if (!gateway) throw new HttpError(404, errorCodes.notFound, m.notFound);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const reading = await gateway.readWebhook({ rawBody: raw, headers: request.headers, query: request.query ?? {} });
    if (reading.kind === 'forged') {
      // A burst of these is an alert to the admins (alert-signals.ts): someone is forging the provider's news.
      forgedWebhooks.add(gateway.name);
      throw new HttpError(400, errorCodes.webhookSignatureInvalid, gm.webhookSignatureInvalid);
    }
    if (reading.kind === 'noted') return;
    if (reading.kind === 'unknown_payment') {
      // Signed, but the provider does not know the payment: a retry would be answered the same, so it is acknowledged.
      request.log.warn({ gateway: gateway.name, gatewayRef: reading.gatewayRef }, 'webhook for a payment the provider does not know');
      return;
    }
    const { event } = reading;
    const outcome = await applyGatewayEvent(deps, gateway.name, event);
    if (outcome !== 'unknown_payment') return;
    // The first month of a Pix Automático subscription is an immediate charge too, named by its charge id.
    if (gateway.recurrences && (await applyDebitNews({ ...deps, log: request.log }, event.idempotencyKey, deps.clock.now()))) return;
    // An event about a payment we do not know is acknowledged (retrying it would not help) but logged.
    request.log.warn({ eventId: event.id, type: event.type }, 'webhook for an unknown payment');
  };
  const schema = {
    // Providers put the notification's subject in the query too (Mercado Pago's data.id and type).
    querystring: z.record(z.string(), z.string()).optional(),
    // A provider this deployment does not configure has no webhooks: 404.
    response: { 204: noContentSchema, 404: apiErrorSchema },
  };

  app.post('/payments/webhooks/:gateway', { schema: { ...schema, params: z.object({ gateway: pathParam() }) } }, async (request, reply) => {
    await receive(request.params.gateway, request);
    return reply.status(204).send(null);
  });

  // Paths a provider's webhook settings append to its route (the API Pix's bank: /pix, /rec and /cobr). Unsigned
  // hints, so their bodies are capped: a larger one is 413 and reads nothing back.
  for (const key of PROVIDER_KEYS) {
    const { name, webhookPaths } = PAYMENT_PROVIDERS[key];
    if (!webhookPaths) continue;
    const limited = { schema, bodyLimit: webhookPaths.bodyLimit };
    // Pix Automático's news: each id is read back from the bank before anything is recorded (pix-automatico.ts).
    for (const topic of webhookPaths.recurrences) {
      app.post(`/payments/webhooks/${name}/${topic}`, limited, async (request, reply) => {
        const gateway = options.gateways.named(name);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!gateway?.recurrences) throw new HttpError(404, errorCodes.notFound, m.notFound);
        const hints = gateway.recurrences.readWebhook(topic, raw);
        if (!hints) {
          forgedWebhooks.add(name);
          throw new HttpError(400, errorCodes.webhookSignatureInvalid, gm.webhookSignatureInvalid);
        }
        const now = deps.clock.now();
        const followed = { ...deps, log: request.log };
        for (const id of hints.recurrenceIds) await applyRecurrenceNews(followed, gateway, id, now);
        for (const id of hints.chargeIds) await applyDebitNews(followed, id, now);
        return reply.status(204).send(null);
      });
    }
    for (const path of webhookPaths.payments) {
      app.post(`/payments/webhooks/${name}/${path}`, limited, async (request, reply) => {
        await receive(name, request);
        return reply.status(204).send(null);
      });
    }
  }
};
