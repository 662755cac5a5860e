import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignFeedQuerySchema, campaignListQuerySchema } from '../../contracts/campaign-queries';
import {
  campaignDetailSchema,
  campaignDonorListSchema,
  campaignMessageListSchema,
  campaignSummaryListSchema,
} from '../../contracts/campaigns';
import { API_PREFIX } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { campaignDonors, campaignMessages, campaignPage, campaignSummaries, currentSlugOf } from '../campaigns/public-campaigns';
import { HttpError } from '../http/http-error';
import { jsonAnswer, PUBLIC_JSON } from '../http/public-reads';
import { sendPublicAnswer } from '../http/public-answer';
import { toAnswer } from '../http/public-cache';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { pathParam } from '../../contracts/plain-text';

const slugParams = z.object({ slug: pathParam() });

/**
 * Raised amounts and donor counts move with every confirmed donation and the donor expects to see
 * theirs at once: browsers may keep these answers but must ask again before using them.
 */
const fresh = (reply: FastifyReply, total?: number) => {
  reply.header('cache-control', 'no-cache');
  // Category and tag names come in the language asked for.
  reply.header('vary', 'Accept-Language');
  if (total !== undefined) reply.header('x-total-count', String(total));
};

/** The public side of campaigns: list and search, a campaign's page, its messages and donors. */
export const campaignRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config, publicCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/campaigns',
    { schema: { querystring: campaignListQuerySchema, response: { 200: campaignSummaryListSchema } } },
    async (request, reply) => {
      const read = async () => {
        const view = { publicUrl: config.publicUrl, locale: request.locale };
        const { campaigns, total, changesAt } = await campaignSummaries(db, request.query, clock.now(), view);
        return jsonAnswer(campaignSummaryListSchema, campaigns, { campaignId: null, changesAt, total });
      };
      // The first page of each list and search is what nearly everyone reads; later pages go to the database.
      const key = `campaigns:${request.locale}:${JSON.stringify(request.query)}`;
      const answer = request.query.page === 0 ? await publicCache.answer(key, read) : toAnswer(await read());
      return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
    },
  );

  app.get('/campaigns/:slug', { schema: { params: slugParams, response: { 200: campaignDetailSchema } } }, async (request, reply) => {
    const { slug } = request.params;
    const answer = await publicCache.answerOrNull(`campaign:${request.locale}:${slug}`, async () => {
      const found = await campaignPage(db, slug, clock, { publicUrl: config.publicUrl, locale: request.locale });
      // accepting_donations turns when the campaign starts or ends.
      return found && jsonAnswer(campaignDetailSchema, found.campaign, { campaignId: found.id, changesAt: found.changesAt });
    });
    if (answer) return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
    // An old slug of a renamed campaign points to the current one (docs/admin.md).
    const renamed = await currentSlugOf(db, slug);
    if (renamed) return reply.redirect(`${API_PREFIX}/campaigns/${encodeURIComponent(renamed)}`, 301);
    throw new HttpError(404, errorCodes.campaignNotFound, gm.campaignNotFound);
  });

  app.get(
    '/campaigns/:slug/messages',
    { schema: { params: slugParams, querystring: campaignFeedQuerySchema, response: { 200: campaignMessageListSchema } } },
    async (request, reply) => {
      const page = await campaignMessages(db, request.params.slug, request.query.page, request.query.amount);
      fresh(reply, page.total);
      return page.items;
    },
  );

  app.get(
    '/campaigns/:slug/donors',
    { schema: { params: slugParams, querystring: campaignFeedQuerySchema, response: { 200: campaignDonorListSchema } } },
    async (request, reply) => {
      const page = await campaignDonors(db, request.params.slug, request.query.page, request.query.amount);
      fresh(reply, page.total);
      return page.items;
    },
  );
};
