import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giftCardBalanceSchema, giftCardCodeSchema } from '../../contracts/donations';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { usableGiftCard } from '../services/ledger';
import { givingMessages as gm } from '../../contracts/giving-messages';

export const giftCardRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** What is left on a gift card; unknown, expired, cancelled or used up all read 'Gift-card não encontrado'. */
  app.get(
    '/gift-cards/:code',
    { config: { noStore: true }, schema: { params: z.object({ code: giftCardCodeSchema }), response: { 200: giftCardBalanceSchema } } },
    async (request) => {
      const usable = await usableGiftCard(db, request.params.code, clock.now(), { lock: false });
      if (!usable) throw new HttpError(404, errorCodes.giftCardNotFound, gm.giftCardNotFound);
      return { balance: usable.balanceCents, expires_at: usable.card.expiresAt.toISOString() };
    },
  );
};
