import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListSchema, tagListSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { nameIn } from '../../contracts/campaigns';
import { presentTag } from '../campaigns/campaign-presenter';
import { listCategories, listTags } from '../campaigns/campaigns-repository';
import { sendPublicAnswer } from '../http/public-answer';
import { jsonAnswer, PUBLIC_JSON } from '../http/public-reads';

/** Categories and tags, names in the language asked for: from memory until an admin changes them (docs/campaigns.md). */
export const categoryRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, publicCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, async (request, reply) => {
    const answer = await publicCache.answer(`categories:${request.locale}`, async () => {
      const rows = await listCategories(db);
      const body = rows.map((c) => ({
        slug: c.slug,
        name: nameIn(request.locale, c.name, c.translations),
        campaign_count: c.campaignCount,
      }));
      return jsonAnswer(categoryListSchema, body, { campaignId: null });
    });
    return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
  });

  app.get('/tags', { schema: { response: { 200: tagListSchema } } }, async (request, reply) => {
    const answer = await publicCache.answer(`tags:${request.locale}`, async () =>
      jsonAnswer(
        tagListSchema,
        (await listTags(db)).map((tag) => presentTag(tag, request.locale)),
        { campaignId: null },
      ),
    );
    return sendPublicAnswer(request, reply, answer, PUBLIC_JSON);
  });
};
