import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '../../contracts/http';
import { z } from 'zod';
import { savedCardListSchema, type SavedCard } from '../../contracts/cards';
import { savedCardPatchSchema } from '../../contracts/contributions';
import { donorMessages as dm } from '../../contracts/donor-messages';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { isUuid } from '../db/uuid';
import { listSavedCards, removeSavedCard, setDefaultCard } from '../services/contributions/saved-cards';
import { pathParam } from '../../contracts/plain-text';

const idParams = z.object({ id: pathParam() });

/** 'My cards': the signed-in donor's saved cards (token, brand, last four, expiry; never the number). */
export const cardRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Another donor's card answers exactly like a card that does not exist.
  const notFound = () => new HttpError(404, errorCodes.savedCardNotFound, gm.savedCardNotFound);

  /** Default card first, then newest first. */
  app.get(
    '/cards',
    { onRequest: app.authenticate, schema: { response: { 200: savedCardListSchema } } },
    async (request): Promise<SavedCard[]> => listSavedCards(db, request.user.id),
  );

  /** { is_default: true } makes the card the default and unsets the others; answers the donor's cards. */
  app.patch(
    '/cards/:id',
    { onRequest: app.authenticate, schema: { params: idParams, body: savedCardPatchSchema, response: { 200: savedCardListSchema } } },
    async (request): Promise<SavedCard[]> => {
      const userId = request.user.id;
      if (!isUuid(request.params.id) || !(await setDefaultCard(db, userId, request.params.id))) throw notFound();
      return listSavedCards(db, userId);
    },
  );

  /**
   * Soft delete. A card that pays an open monthly donation is refused (409); when the default goes,
   * the newest remaining card becomes the default (none when no card is left).
   */
  app.delete(
    '/cards/:id',
    { onRequest: app.authenticate, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound();
      const outcome = await removeSavedCard(db, request.user.id, request.params.id, clock.now());
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'pays_monthly') throw new HttpError(409, errorCodes.cardInUseByMonthly, dm.cardPaysMonthly);
      return reply.status(204).send(null);
    },
  );
};
