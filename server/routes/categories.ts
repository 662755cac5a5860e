import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListSchema, tagListSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { nameIn } from '../../contracts/campaigns';
import { presentTag } from '../campaigns/campaign-presenter';
import { listCategories, listTags } from '../campaigns/campaigns-repository';

/** Categories and tags change rarely (admins edit them): a short public cache spares the database. Names follow the language asked for. */
const CACHE = 'public, max-age=30';
const cached = (reply: { header: (name: string, value: string) => unknown }) => {
  reply.header('cache-control', CACHE);
  reply.header('vary', 'Accept-Language');
};

export const categoryRoutes: FastifyPluginAsync<AppServices> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, async (request, reply) => {
    const rows = await listCategories(db);
    cached(reply);
    return rows.map((c) => ({ slug: c.slug, name: nameIn(request.locale, c.name, c.translations), campaign_count: c.campaignCount }));
  });

  app.get('/tags', { schema: { response: { 200: tagListSchema } } }, async (request, reply) => {
    cached(reply);
    return (await listTags(db)).map((tag) => presentTag(tag, request.locale));
  });
};
