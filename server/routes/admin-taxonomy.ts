import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminTagSchema,
  auditEntrySchema,
  auditQuerySchema,
  categoryDeleteQuerySchema,
  categoryOrderSchema,
  tagMergeSchema,
  taxonomyNameSchema,
} from '../../contracts/admin-taxonomy';
import { apiErrorSchema } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { pathParam } from '../../contracts/plain-text';
import type { AppServices } from '../app-services';
import { actorOf, listAudit } from '../services/admin/audit-log';
import { adminCategories, adminTags, createTaxonomyService } from '../services/admin/taxonomy';

const slugParams = z.object({ slug: pathParam() });
const created = z.object({ slug: z.string() });
const moved = z.object({ campaigns: z.number().int() });

/**
 * The admins' categories and tags (docs/admin.md; routes × permissions of docs/spec.md §6: both need
 * MANAGE_CAMPAIGNS, like their pages) and the audit log (MANAGE_TEAM). Every change is audited.
 */
export const adminTaxonomyRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createTaxonomyService(db, () => clock.now());
  const campaignsAdmin = { onRequest: app.requirePermissions(['MANAGE_CAMPAIGNS']), config: { noStore: true } };

  app.get('/admin/categories', { ...campaignsAdmin, schema: { response: { 200: z.array(adminCategorySchema) } } }, async () =>
    adminCategories(db),
  );
  app.post(
    '/admin/categories',
    { ...campaignsAdmin, schema: { body: taxonomyNameSchema, response: { 201: created } } },
    async (request, reply) => reply.status(201).send({ slug: await service.createCategory(actorOf(request), request.body) }),
  );
  app.patch(
    '/admin/categories/:slug',
    { ...campaignsAdmin, schema: { params: slugParams, body: taxonomyNameSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.renameCategory(actorOf(request), request.params.slug, request.body);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/admin/categories/order',
    { ...campaignsAdmin, schema: { body: categoryOrderSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.reorderCategories(actorOf(request), request.body.slugs);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/admin/categories/:slug',
    { ...campaignsAdmin, schema: { params: slugParams, querystring: categoryDeleteQuerySchema, response: { 200: moved } } },
    async (request) => ({ campaigns: await service.deleteCategory(actorOf(request), request.params.slug, request.query.move_to) }),
  );

  app.get('/admin/tags', { ...campaignsAdmin, schema: { response: { 200: z.array(adminTagSchema) } } }, async () => adminTags(db));
  app.post('/admin/tags', { ...campaignsAdmin, schema: { body: taxonomyNameSchema, response: { 201: created } } }, async (request, reply) =>
    reply.status(201).send({ slug: await service.createTag(actorOf(request), request.body) }),
  );
  app.patch(
    '/admin/tags/:slug',
    { ...campaignsAdmin, schema: { params: slugParams, body: taxonomyNameSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.renameTag(actorOf(request), request.params.slug, request.body);
      return reply.status(204).send(null);
    },
  );
  // A tag of `from` or `into` that does not exist: 404.
  const mergeAnswers = { 200: moved, 404: apiErrorSchema };
  app.post('/admin/tags/merge', { ...campaignsAdmin, schema: { body: tagMergeSchema, response: mergeAnswers } }, async (request) => ({
    campaigns: await service.mergeTags(actorOf(request), request.body.from, request.body.into),
  }));
  app.delete(
    '/admin/tags/:slug',
    { ...campaignsAdmin, schema: { params: slugParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.deleteTag(actorOf(request), request.params.slug);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/audit-log',
    {
      onRequest: app.requirePermissions(['MANAGE_TEAM']),
      config: { noStore: true },
      schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request, reply) => {
      const { entries, total } = await listAudit(db, request.query, request.locale);
      reply.header('x-total-count', String(total));
      return entries;
    },
  );
};
