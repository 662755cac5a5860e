import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { walletBalance } from '../services/ledger';

export const walletRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** SPEC.md §7: data is the donor's spendable balance in cents (lots not yet expired); one's own only. */
  app.get('/donors/:id/wallets/balance', { preHandler: app.authenticate, schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    if (request.params.id !== request.userId) throw new HttpError(403, errorCodes.forbidden, m.forbidden);
    return { data: await walletBalance(db, request.userId, clock.now()) };
  });
};
