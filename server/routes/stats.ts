import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformTotalsSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { platformFigures } from '../campaigns/public-campaigns';
import { sendPublicAnswer } from '../http/public-answer';
import { jsonAnswer } from '../http/public-reads';

/** The home page's platform figures; like a campaign's total they move with each donation, which drops them from memory. */
export const statsRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, publicCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/stats/totals', { schema: { response: { 200: platformTotalsSchema } } }, async (request, reply) => {
    const answer = await publicCache.answer('stats:totals', async () =>
      jsonAnswer(platformTotalsSchema, await platformFigures(db), { campaignId: null }),
    );
    // Figures only, in no language.
    return sendPublicAnswer(request, reply, answer, { type: 'application/json; charset=utf-8', vary: null });
  });
};
