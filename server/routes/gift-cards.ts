import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giftCardBalanceSchema, giftCardCodeSchema } from '../../contracts/donations';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { usableGiftCard } from '../services/ledger';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { giftCardRedeemedSchema, giftCardRedemptionSchema } from '../../contracts/gift-cards';
import { messages as m } from '../../contracts/messages';
import { DomainError } from '../domain/errors';
import { redeemGiftCard } from '../services/gift-cards/redeem-gift-card';
import { createWrongCodeLimiter } from '../services/gift-cards/wrong-code-limiter';

/** Wrong codes a donor may type in a quarter of an hour before redemption waits. */
const WRONG_CODES_MAX = 5;
const WRONG_CODES_WINDOW_MS = 15 * 60 * 1000;

export const giftCardRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** What is left on a gift card; unknown, expired, cancelled or used up all read 'Gift-card não encontrado'. */
  app.get(
    '/gift-cards/:code',
    {
      config: { ...app.giftCardLookupRateLimit, noStore: true },
      schema: { params: z.object({ code: giftCardCodeSchema }), response: { 200: giftCardBalanceSchema } },
    },
    async (request) => {
      const usable = await usableGiftCard(db, request.params.code, clock.now(), { lock: false });
      if (!usable) throw new HttpError(404, errorCodes.giftCardNotFound, gm.giftCardNotFound);
      return { balance: usable.balanceCents, expires_at: usable.card.expiresAt.toISOString() };
    },
  );

  const wrongCodes = createWrongCodeLimiter({ max: WRONG_CODES_MAX, windowMs: WRONG_CODES_WINDOW_MS, redis: app.sharedCounts });

  /** The card's balance becomes a wallet lot with the card's expiry; the wallet's balance rises live. */
  app.post(
    '/gift-cards/redemptions',
    {
      onRequest: app.authenticate,
      config: { noStore: true },
      schema: { body: giftCardRedemptionSchema, response: { 200: giftCardRedeemedSchema } },
    },
    async (request) => {
      const userId = request.user.id;
      const attempt = await wrongCodes.attempt(userId, clock.now());
      if (!attempt) throw new HttpError(429, errorCodes.rateLimited, m.rateLimited);
      try {
        const redeemed = await redeemGiftCard(db, { userId, code: request.body.code, now: clock.now() });
        await attempt.right();
        return redeemed;
      } catch (error) {
        // Only a code that leads to no usable card counts as a wrong try; any other failure does not.
        if (!(error instanceof DomainError && error.code === errorCodes.giftCardNotFound)) await attempt.right();
        throw error;
      }
    },
  );
};
