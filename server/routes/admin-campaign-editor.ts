import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignEditorSchema,
  campaignVersionSchema,
  COVER_MAX_BYTES,
  COVER_TYPES,
  coverFocusSchema,
  createCampaignSchema,
  draftConflictSchema,
  draftSavedSchema,
  lifecycleSchema,
  saveDraftSchema,
  slugCheckSchema,
  uploadedImageSchema,
} from '../../contracts/admin-campaign-editor';
import { adminMessages as am } from '../../contracts/admin-messages';
import { auditEntrySchema } from '../../contracts/admin-taxonomy';
import { campaignDetailSchema } from '../../contracts/campaigns';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { pathParam } from '../../contracts/plain-text';
import type { AppServices } from '../app-services';
import { actorOf, listAudit } from '../services/admin/audit-log';
import {
  campaignEditor,
  checkSlug,
  createCampaign,
  deleteCampaign,
  findCampaignIdBySlug,
  listVersions,
  restoreVersion,
  saveDraft,
  type SaveDraftResult,
} from '../services/admin/campaign-editor';
import { storeCover, storeStoryImage } from '../services/admin/campaign-images';
import { changeLifecycle } from '../services/admin/campaign-lifecycle';
import { previewCampaign } from '../services/admin/campaign-preview';

const idParams = z.object({ id: z.string().uuid() });
/** A stale save carries the newer one; a slug taken meanwhile is a plain error. */
const saveConflict = z.union([draftConflictSchema, apiErrorSchema]);
const versionParams = idParams.extend({ number: z.coerce.number().int().min(1).max(1_000_000) });
/** Room above the 5 MB limit, so an image just over it is answered with its own message rather than a bare 413. */
const BODY_LIMIT = COVER_MAX_BYTES + 512 * 1024;

/**
 * The campaign editor's API (docs/admin.md; MANAGE_CAMPAIGNS, like its pages): drafts saved over an
 * optimistic-lock version (a stale save is a 409 carrying the newer one), the lifecycle, slugs, covers
 * and story pictures, versions, the preview and the campaign's audit log. Every change is audited.
 */
export const adminCampaignEditorRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config, storage }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const editors = { onRequest: app.requirePermissions(['MANAGE_CAMPAIGNS']), config: { noStore: true } };
  app.addContentTypeParser([...COVER_TYPES, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );
  const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const answerSave = (result: SaveDraftResult, reply: import('fastify').FastifyReply, t: (d: typeof am.draftConflict) => string) =>
    'saved' in result
      ? reply.send(result.saved)
      : reply.status(409).send({ message: t(am.draftConflict), code: errorCodes.campaignDraftConflict, current: result.conflict.current });

  app.post(
    '/admin/campaigns',
    { ...editors, schema: { body: createCampaignSchema, response: { 201: campaignEditorSchema } } },
    async (request, reply) => reply.status(201).send(await createCampaign(db, actorOf(request), request.body.title, clock.now())),
  );
  app.get(
    '/admin/campaign-editor',
    { ...editors, schema: { querystring: z.object({ slug: pathParam() }), response: { 200: campaignEditorSchema } } },
    async (request) => campaignEditor(db, await findCampaignIdBySlug(db, request.query.slug)),
  );
  app.get('/admin/campaigns/:id', { ...editors, schema: { params: idParams, response: { 200: campaignEditorSchema } } }, async (request) =>
    campaignEditor(db, request.params.id),
  );
  app.put(
    '/admin/campaigns/:id/draft',
    { ...editors, schema: { params: idParams, body: saveDraftSchema, response: { 200: draftSavedSchema, 409: saveConflict } } },
    async (request, reply) =>
      answerSave(await saveDraft(db, actorOf(request), request.params.id, request.body, clock.now()), reply, (d) => request.t(d)),
  );
  app.post(
    '/admin/campaigns/:id/lifecycle',
    { ...editors, schema: { params: idParams, body: lifecycleSchema, response: { 200: campaignEditorSchema, 409: apiErrorSchema } } },
    async (request, reply) => {
      const result = await changeLifecycle(db, actorOf(request), request.params.id, request.body, clock.now());
      if ('done' in result) return reply.send(result.done);
      return reply.status(409).send({ message: request.t(am.draftConflict), code: errorCodes.campaignDraftConflict });
    },
  );
  app.delete(
    '/admin/campaigns/:id',
    { ...editors, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteCampaign(db, actorOf(request), request.params.id, clock.now());
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/admin/campaign-slugs/:slug',
    {
      ...editors,
      schema: {
        params: z.object({
          slug: z
            .string()
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
            .max(80),
        }),
        querystring: z.object({ campaign: z.string().uuid().optional() }),
        response: { 200: slugCheckSchema },
      },
    },
    async (request) => checkSlug(db, request.params.slug, request.query.campaign ?? null),
  );
  app.get(
    '/admin/campaigns/:id/versions',
    { ...editors, schema: { params: idParams, response: { 200: z.array(campaignVersionSchema) } } },
    async (request) => {
      await campaignEditor(db, request.params.id);
      return listVersions(db, request.params.id);
    },
  );
  app.post(
    '/admin/campaigns/:id/versions/:number/restore',
    {
      ...editors,
      schema: {
        params: versionParams,
        body: z.object({ version: z.number().int().min(1) }),
        response: { 200: draftSavedSchema, 409: saveConflict },
      },
    },
    async (request, reply) =>
      answerSave(
        await restoreVersion(db, actorOf(request), request.params.id, request.params.number, request.body.version, clock.now()),
        reply,
        (d) => request.t(d),
      ),
  );
  app.get(
    '/admin/campaigns/:id/preview',
    { ...editors, schema: { params: idParams, response: { 200: campaignDetailSchema } } },
    async (request) => previewCampaign(db, request.params.id, config.publicUrl, clock.now(), request.locale),
  );
  app.get(
    '/admin/campaigns/:id/audit',
    {
      ...editors,
      schema: {
        params: idParams,
        querystring: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) }),
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      await campaignEditor(db, request.params.id);
      const { entries, total } = await listAudit(
        db,
        {
          subject_type: 'campaign',
          subject_id: request.params.id,
          page: request.query.page,
          amount: 50,
        },
        request.locale,
      );
      reply.header('x-total-count', String(total));
      return entries;
    },
  );
  app.post(
    '/admin/campaign-covers',
    { ...editors, bodyLimit: BODY_LIMIT, schema: { querystring: coverFocusSchema, response: { 201: uploadedImageSchema } } },
    async (request, reply) =>
      reply.status(201).send(await storeCover(storage, bytesOf(request.body), { x: request.query.focus_x, y: request.query.focus_y })),
  );
  app.post(
    '/admin/story-images',
    { ...editors, bodyLimit: BODY_LIMIT, schema: { response: { 201: uploadedImageSchema } } },
    async (request, reply) => reply.status(201).send(await storeStoryImage(storage, bytesOf(request.body))),
  );
};
