import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListSchema, tagListSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { categoryList, tagList } from '../campaigns/public-campaigns';
import { sendPublicAnswer } from '../http/public-answer';
import { jsonAnswer, PUBLIC_JSON } from '../http/public-reads';

/** Categories and tags, names in the language asked for: from memory until an admin changes them (docs/campaigns.md). */
export const categoryRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, publicCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, async (request, reply) => {
    const answer = await publicCache.answer(`categories:${request.locale}`, async () =>
      jsonAnswer(categoryListSchema, await categoryList(db, request.locale), { campaignId: null }),
    );
    return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
  });

  app.get('/tags', { schema: { response: { 200: tagListSchema } } }, async (request, reply) => {
    const answer = await publicCache.answer(`tags:${request.locale}`, async () =>
      jsonAnswer(tagListSchema, await tagList(db, request.locale), { campaignId: null }),
    );
    return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
  });
};
