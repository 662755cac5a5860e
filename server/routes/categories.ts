import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListSchema, tagListSchema } from '../../contracts/campaigns';
import type { AppServices } from '../app-services';
import { listCategories, listTags } from '../campaigns/campaigns-repository';

/** Categories and tags change rarely (admins edit them): a short public cache spares the database. */
const CACHE = 'public, max-age=30';

export const categoryRoutes: FastifyPluginAsync<AppServices> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, async (_request, reply) => {
    const rows = await listCategories(db);
    reply.header('cache-control', CACHE);
    return rows.map((c) => ({ slug: c.slug, name: c.name, campaign_count: c.campaignCount }));
  });

  app.get('/tags', { schema: { response: { 200: tagListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return listTags(db);
  });
};
