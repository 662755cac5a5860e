import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SavedCard } from '../../contracts/cards';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { savedCards } from '../db/schema';
import { HttpError } from '../http/http-error';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { isUuid } from '../db/uuid';


/** 'My cards': the signed-in donor's saved cards (token, brand, last four, expiry; never the number). */
export const cardRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/cards', { preHandler: app.authenticate }, async (request): Promise<SavedCard[]> => {
    const rows = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.userId, request.userId as string), isNull(savedCards.deletedAt)))
      .orderBy(desc(savedCards.createdAt));
    return rows.map((c) => ({
      id: c.id,
      brand: c.brand as SavedCard['brand'],
      last4: c.last4,
      exp_month: c.expMonth,
      exp_year: c.expYear,
      holder_name: c.holderName,
      created_at: c.createdAt.toISOString(),
    }));
  });

  /** Soft delete: past donations keep pointing at the card they were paid with. */
  app.delete('/cards/:id', { preHandler: app.authenticate, schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const notFound = new HttpError(404, errorCodes.savedCardNotFound, gm.savedCardNotFound);
    if (!isUuid(request.params.id)) throw notFound;
    const [deleted] = await db
      .update(savedCards)
      .set({ deletedAt: clock.now() })
      .where(and(eq(savedCards.id, request.params.id), eq(savedCards.userId, request.userId as string), isNull(savedCards.deletedAt)))
      .returning({ id: savedCards.id });
    if (!deleted) throw notFound;
    return reply.status(204).send();
  });
};
