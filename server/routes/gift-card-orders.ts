import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import {
  corporateGiftCardOrderRequestSchema,
  giftCardDeliveryChangeSchema,
  giftCardOrderRequestSchema,
  giftCardOrderResultSchema,
} from '../../contracts/gift-card-orders';
import { pathParam } from '../../contracts/plain-text';
import { fileAnswerSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { answerAttempt, createIdempotentAnswer } from '../http/idempotent-answer';
import { attemptInProgressSchema, attemptParams } from '../../contracts/attempts';
import { changeGiftCardDelivery } from '../services/gift-cards/orders/change-delivery';
import type { DonationHooks } from '../services/donations/create-donation';
import { createGiftCardOrderService } from '../services/gift-cards/orders/create-gift-card-order';
import { corporateOrderSpec, personalOrderSpec } from '../services/gift-cards/orders/order-specs';
import {
  buyersOrder,
  buyersPrintableCards,
  presentOrderNow,
  readGiftCardOrder,
  type PrintableCards,
} from '../services/gift-cards/orders/buyers-order';
import { createCardsPdfFiles } from '../services/gift-cards/orders/cards-pdf-file';
import { codesCsv } from '../services/gift-cards/orders/codes-csv';

/** What an order's attempt answers: the order a lost answer placed, or that it is still being worked on. */
const attemptAnswers = { 201: giftCardOrderResultSchema, 202: attemptInProgressSchema };

/** Whose Idempotency-Keys an order call's key is among: the buyer's own, or all guests'. */
const personalScope = (userId: string | null | undefined) => `${userId ? `user:${userId}` : 'guest'}|gift-card-orders`;
const corporateScope = (userId: string | null | undefined) => `user:${userId}|gift-card-orders/corporate`;

/** POST /gift-card-orders (idempotent, like donations); GET /gift-card-orders/{id} and a card's delivery change for its buyer. */
export const giftCardOrderRoutes: FastifyPluginAsync<AppServices & { donationHooks?: DonationHooks }> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const deps = { ...options, translator: app.translator, hooks: options.donationHooks, log: app.log };
  const orders = createGiftCardOrderService(deps);
  const answerOnce = createIdempotentAnswer({ db, clock, leaseMs: options.config.idempotencyLeaseMs, log: app.log });

  app.post(
    '/gift-card-orders',
    {
      onRequest: app.optionalAuthenticate,
      config: { ...app.paymentRateLimit, noStore: true, fieldErrors: true, idempotencyKey: true },
      schema: { body: giftCardOrderRequestSchema, response: { 201: giftCardOrderResultSchema } },
    },
    async (request, reply) => {
      const { userId, body } = request;
      return answerOnce(request, reply, {
        scope: personalScope(userId),
        request: { body },
        execute: (checkpoint) =>
          orders.create({ spec: personalOrderSpec(body, clock.now()), payment: body.payment, userId, locale: request.locale, checkpoint }),
        resume: (note) => orders.resume(note, { payment: body.payment, userId }),
      });
    },
  );

  /** A company's batch: signed in (its batch page lives in the buyer's contributions); its spreadsheet and logo sent before. */
  app.post(
    '/gift-card-orders/corporate',
    {
      onRequest: app.authenticate,
      config: { ...app.paymentRateLimit, noStore: true, fieldErrors: true, idempotencyKey: true },
      schema: { body: corporateGiftCardOrderRequestSchema, response: { 201: giftCardOrderResultSchema } },
    },
    async (request, reply) => {
      const { userId, body } = request;
      return answerOnce(request, reply, {
        scope: corporateScope(userId),
        request: { body },
        execute: async (checkpoint) =>
          orders.create({
            spec: await corporateOrderSpec(body, { userId: request.user.id, storage: options.storage }, clock.now()),
            payment: body.payment,
            userId,
            locale: request.locale,
            checkpoint,
          }),
        resume: (note) => orders.resume(note, { payment: body.payment, userId }),
      });
    },
  );

  /** What became of an order call whose answer was lost (docs/api.md "Attempts"): its kept answer, 202 or 404. */
  app.get(
    '/gift-card-orders/attempts/:key',
    { onRequest: app.optionalAuthenticate, config: { noStore: true }, schema: { params: attemptParams, response: attemptAnswers } },
    async (request, reply) => answerAttempt(db, reply, personalScope(request.userId), request.params.key),
  );
  app.get(
    '/gift-card-orders/corporate/attempts/:key',
    { onRequest: app.authenticate, config: { noStore: true }, schema: { params: attemptParams, response: attemptAnswers } },
    async (request, reply) => answerAttempt(db, reply, corporateScope(request.userId), request.params.key),
  );

  /** Its signed-in buyer, or whoever holds its receipt token (buyers-order.ts): anyone else reads 404. */
  const reader = (request: FastifyRequest) => ({ userId: request.userId, receiptToken: request.headers[RECEIPT_TOKEN_HEADER] });

  /** The order, its payment and (once paid) its cards. */
  app.get(
    '/gift-card-orders/:id',
    {
      onRequest: app.optionalAuthenticate,
      config: { noStore: true },
      schema: { params: z.object({ id: pathParam() }), response: { 200: giftCardOrderResultSchema } },
    },
    async (request) => readGiftCardOrder(deps, request.params.id, reader(request), request.locale),
  );

  /**
   * The cards the buyer hands out themselves (a PDF order's, and any whose send they cancelled),
   * downloadable again at any time: as a printable A4 PDF, 8 a page (built once and stored:
   * cards-pdf-file.ts), or their codes as a CSV (safe from formula injection).
   */
  const pdfs = createCardsPdfFiles({ db, storage: options.storage, translator: app.translator, publicUrl: options.config.publicUrl });
  const files = {
    'cards.pdf': {
      type: 'application/pdf',
      render: async ({ order, cards }: PrintableCards, requester: string) => (await pdfs.open(order, cards, requester)).stream,
    },
    'codes.csv': {
      type: 'text/csv; charset=utf-8',
      render: async ({ order, cards }: PrintableCards) => codesCsv(app.translator, order.locale, cards, options.config.publicUrl),
    },
  } as const;
  for (const [file, { type, render }] of Object.entries(files)) {
    app.get(
      `/gift-card-orders/:id/${file}`,
      {
        onRequest: app.optionalAuthenticate,
        config: { noStore: true },
        schema: { params: z.object({ id: pathParam() }), response: { 200: fileAnswerSchema } },
      },
      async (request, reply) => {
        const printable = await buyersPrintableCards(db, request.params.id, reader(request));
        const { order } = printable;
        return reply
          .type(type)
          .header('content-disposition', `attachment; filename="semear-gift-cards-${order.id.slice(0, 8)}.${file.split('.')[1]}"`)
          .send(await render(printable, request.userId ?? `ip:${request.ip}`));
      },
    );
  }

  /** Moves, cancels or corrects one card's send (change-delivery.ts); answers the order as it is now. */
  app.patch(
    '/gift-card-orders/:id/cards/:position',
    {
      onRequest: app.optionalAuthenticate,
      config: { noStore: true },
      schema: {
        params: z.object({ id: pathParam(), position: z.coerce.number().int().min(0).max(100_000) }),
        body: giftCardDeliveryChangeSchema,
        response: { 200: giftCardOrderResultSchema },
      },
    },
    async (request) => {
      const found = await buyersOrder(db, request.params.id, reader(request));
      await changeGiftCardDelivery(deps, {
        orderId: found.order.id,
        position: request.params.position,
        change: request.body,
        now: clock.now(),
      });
      return presentOrderNow(db, found);
    },
  );
};
