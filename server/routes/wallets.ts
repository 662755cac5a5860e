import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { walletBalanceSchema } from '../../contracts/donations';
import { apiErrorSchema } from '../../contracts/errors';
import { autoDonationCauseSchema, walletOverviewSchema, walletStatementQuerySchema, walletStatementSchema } from '../../contracts/wallet';
import type { AppServices } from '../app-services';
import { chooseAutoDonationCause } from '../services/wallet/chosen-cause';
import { donorWalletBalance } from '../services/wallet/donor-balance';
import { walletOverview } from '../services/wallet/wallet-overview';
import { walletStatement } from '../services/wallet/wallet-statement';
import { pathParam } from '../../contracts/plain-text';

/** The donor's wallet (docs/design.md §6, docs/ledger.md): balance, lots, statement and where unused credit goes. */
export const walletRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** docs/spec.md §7: data is the donor's spendable balance in cents; someone else's is an admin's business only. */
  app.get(
    '/donors/:id/wallets/balance',
    // Another donor's wallet: 403.
    {
      onRequest: app.authenticate,
      schema: { params: z.object({ id: pathParam() }), response: { 200: walletBalanceSchema, 403: apiErrorSchema } },
    },
    async (request) => ({ data: await donorWalletBalance(db, request.user.id, request.params.id, clock.now()) }),
  );

  app.get('/wallet', { onRequest: app.authenticate, schema: { response: { 200: walletOverviewSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return walletOverview(db, request.user.id, clock.now());
  });

  app.get(
    '/wallet/statement',
    { onRequest: app.authenticate, schema: { querystring: walletStatementQuerySchema, response: { 200: walletStatementSchema } } },
    async (request, reply) => {
      const { entries, total } = await walletStatement(db, request.user.id, request.query);
      reply.header('cache-control', 'no-store').header('x-total-count', String(total));
      return entries;
    },
  );

  /** A campaign that takes donations now (else 404 / 422, nothing stored), or null to let Semear choose. */
  app.put(
    '/wallet/auto-donation-cause',
    { onRequest: app.authenticate, schema: { body: autoDonationCauseSchema, response: { 200: walletOverviewSchema } } },
    async (request) => {
      const userId = request.user.id;
      const now = clock.now();
      await chooseAutoDonationCause(db, userId, request.body.campaign_slug, now);
      return walletOverview(db, userId, now);
    },
  );
};
