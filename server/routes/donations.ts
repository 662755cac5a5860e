import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import { donationRequestSchema, donationResultSchema, type DonationRequest } from '../../contracts/donations';
import type { AppServices } from '../app-services';
import { createDonationService, type DonationHooks } from '../services/donations/create-donation';
import { readDonation } from '../services/donations/read-donation';
import { answerAttempt, createIdempotentAnswer } from '../http/idempotent-answer';
import { pathParam } from '../../contracts/plain-text';
import { attemptInProgressSchema, attemptParams } from '../../contracts/attempts';
import { createCardTestingGuard } from '../services/payments/card-testing/card-guard';
import { CardTestingRefusal } from '../services/payments/card-testing/refusals';

export interface DonationRouteOptions extends AppServices {
  donationHooks?: DonationHooks;
}

export const donationRoutes: FastifyPluginAsync<DonationRouteOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const cardTesting = createCardTestingGuard({ db, clock, config: options.config, translator: app.translator, log: app.log });
  const deps = { ...options, translator: app.translator, hooks: options.donationHooks, log: app.log, cardTesting };
  const donations = createDonationService(deps);
  const answerOnce = createIdempotentAnswer({ db, clock, leaseMs: options.config.idempotencyLeaseMs, log: app.log });

  /** Both donation calls: one key per donor (or all guests) and call; the request hash covers body and campaign. */
  const scopeOf = (request: FastifyRequest) => `${request.userId ? `user:${request.userId}` : 'guest'}|donations`;

  async function give(request: FastifyRequest, reply: FastifyReply, body: DonationRequest, slug: string | null) {
    const userId = request.userId;
    try {
      return await answerOnce(request, reply, {
        scope: scopeOf(request),
        request: { body, slug },
        // Claimed with the donation's first transaction, answered in its last: two commits (docs/payments.md).
        claimAtCheckpoint: true,
        execute: (checkpoint, complete) =>
          donations.create({ request: body, slug, userId, locale: request.locale, checkpoint, complete, remoteIp: request.ip }),
        // A takeover after a crash may still have to reach the gateway: it needs the request (card token, campaign).
        resume: (note) => donations.resume(note, { request: body, userId }),
      });
    } catch (error) {
      // Card testing (docs/payments.md): turned away before anything was written, so nothing is claimed.
      if (!(error instanceof CardTestingRefusal)) throw error;
      if (error.extra.retryAfterS !== undefined) reply.header('retry-after', String(error.extra.retryAfterS));
      return reply
        .status(error.status)
        .send({ message: request.t(error.text), code: error.code, ...(error.extra.challenge && { challenge: error.extra.challenge }) });
    }
  }

  app.post(
    '/campaigns/:slug/donations',
    {
      onRequest: app.optionalAuthenticate,
      config: { ...app.paymentRateLimit, noStore: true, fieldErrors: true, idempotencyKey: true },
      schema: { params: z.object({ slug: pathParam().max(120) }), body: donationRequestSchema, response: { 201: donationResultSchema } },
    },
    async (request, reply) => give(request, reply, request.body, request.params.slug),
  );

  app.post(
    '/donations',
    {
      onRequest: app.optionalAuthenticate,
      config: { ...app.paymentRateLimit, noStore: true, fieldErrors: true, idempotencyKey: true },
      schema: { body: donationRequestSchema, response: { 201: donationResultSchema } },
    },
    async (request, reply) => give(request, reply, request.body, request.body.campaign_slug?.trim() || null),
  );

  /** What became of a donation call whose answer was lost (docs/api.md "Attempts"): its kept answer, 202 or 404. */
  app.get(
    '/donations/attempts/:key',
    {
      onRequest: app.optionalAuthenticate,
      config: { noStore: true },
      schema: { params: attemptParams, response: { 201: donationResultSchema, 202: attemptInProgressSchema } },
    },
    async (request, reply) => answerAttempt(db, reply, scopeOf(request), request.params.key),
  );

  /** The donation and its payment for whoever may read it (read-donation.ts); anyone else gets 404. */
  app.get(
    '/donations/:id',
    {
      onRequest: app.optionalAuthenticate,
      config: { noStore: true },
      schema: { params: z.object({ id: pathParam() }), response: { 200: donationResultSchema } },
    },
    async (request) =>
      readDonation(
        deps,
        request.params.id,
        { userId: request.userId, receiptToken: request.headers[RECEIPT_TOKEN_HEADER] },
        request.locale,
      ),
  );
};
