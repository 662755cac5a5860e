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
import { API_PREFIX, CAMPAIGN_LATEST_ITEMS } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { presentCampaignDetail, presentCampaignSummary, presentDonor, presentMessage } from '../campaigns/campaign-presenter';
import {
  findPublicCampaign,
  listCampaignDonors,
  listCampaignMessages,
  listPublicCampaigns,
  renamedCampaignSlug,
} from '../campaigns/campaigns-repository';
import { HttpError } from '../http/http-error';
import { jsonAnswer, nextChangeOf, PUBLIC_JSON } from '../http/public-reads';
import { sendPublicAnswer } from '../http/public-answer';
import { toAnswer } from '../http/public-cache';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { pathParam } from '../../contracts/plain-text';

const slugParams = z.object({ slug: pathParam() });
const campaignNotFound = () => new HttpError(404, errorCodes.campaignNotFound, gm.campaignNotFound);

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
        const now = clock.now();
        const { rows, total } = await listPublicCampaigns(db, request.query, now);
        const body = rows.map((row) => presentCampaignSummary(row, config.publicUrl, request.locale));
        return jsonAnswer(campaignSummaryListSchema, body, { campaignId: null, changesAt: nextChangeOf(rows, now), total });
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
      const row = await findPublicCampaign(db, slug, CAMPAIGN_LATEST_ITEMS);
      if (!row) return null;
      const now = clock.now();
      const body = presentCampaignDetail(row, config.publicUrl, now, request.locale);
      // accepting_donations turns when the campaign starts or ends.
      return jsonAnswer(campaignDetailSchema, body, { campaignId: row.id, changesAt: nextChangeOf([row], now) });
    });
    if (answer) return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
    // An old slug of a renamed campaign points to the current one (docs/admin.md).
    const renamed = await renamedCampaignSlug(db, slug);
    if (renamed) return reply.redirect(`${API_PREFIX}/campaigns/${encodeURIComponent(renamed)}`, 301);
    throw campaignNotFound();
  });

  app.get(
    '/campaigns/:slug/messages',
    { schema: { params: slugParams, querystring: campaignFeedQuerySchema, response: { 200: campaignMessageListSchema } } },
    async (request, reply) => {
      const page = await listCampaignMessages(db, request.params.slug, request.query.page, request.query.amount);
      if (!page) throw campaignNotFound();
      fresh(reply, page.total);
      return page.items.map(presentMessage);
    },
  );

  app.get(
    '/campaigns/:slug/donors',
    { schema: { params: slugParams, querystring: campaignFeedQuerySchema, response: { 200: campaignDonorListSchema } } },
    async (request, reply) => {
      const page = await listCampaignDonors(db, request.params.slug, request.query.page, request.query.amount);
      if (!page) throw campaignNotFound();
      fresh(reply, page.total);
      return page.items.map(presentDonor);
    },
  );
};
