import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  donationExportRequestSchema,
  exportJobSchema,
  financeExportRequestSchema,
  type ExportKind,
  type ExportRequest,
} from '../../contracts/admin-exports';
import { ADMIN_ROUTE_PERMISSIONS, type Permission } from '../../contracts/permissions';
import { fileAnswerOf } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { actorOf } from '../services/admin/audit-log';
import { exportFileOf, exportJobOf, recentExports, requestExport, runQueuedExports } from '../services/exports/export-jobs';

const idParams = z.object({ id: z.string().uuid() });

/** Each kind of export: where its calls live, who may ask, and what a request carries. */
const KINDS: ReadonlyArray<{
  kind: ExportKind;
  prefix: string;
  permissions: readonly Permission[];
  body: typeof financeExportRequestSchema | typeof donationExportRequestSchema;
}> = [
  {
    kind: 'finances',
    prefix: '/admin/finances/exports',
    permissions: ADMIN_ROUTE_PERMISSIONS['/admin/finances'],
    body: financeExportRequestSchema,
  },
  {
    kind: 'donations',
    prefix: '/admin/donations/exports',
    permissions: ADMIN_ROUTE_PERMISSIONS['/admin/donations'],
    body: donationExportRequestSchema,
  },
];

/**
 * Exports prepared in the background (docs/admin.md, docs/api.md): ask (202, the run starts at once), follow
 * its progress, download the file while it lasts. Each admin sees only their own exports, with the
 * permissions of the page the export comes from.
 */
export const adminExportRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, storage, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = { db, clock, storage, translator: app.translator, log: app.log, config };
  for (const { kind, prefix, permissions, body } of KINDS) {
    const guarded = { onRequest: app.requirePermissions(permissions), config: { noStore: true } };
    app.post(prefix, { ...guarded, schema: { body, response: { 202: exportJobSchema } } }, async (request, reply) => {
      const actor = actorOf(request);
      const job = await requestExport(deps, actor, { kind, ...request.body } as ExportRequest, request.locale);
      // The queue runs here (this export now if this node has a free run, else in its turn); if this
      // process stops, the `exports` job takes it up.
      void runQueuedExports(deps).catch((error: unknown) => app.log.error({ err: error, exportId: job.id }, 'export run stopped'));
      return reply.status(202).send(job);
    });
    app.get(prefix, { ...guarded, schema: { response: { 200: z.array(exportJobSchema) } } }, async (request) =>
      recentExports(deps, kind, request.user.id),
    );
    app.get(`${prefix}/:id`, { ...guarded, schema: { params: idParams, response: { 200: exportJobSchema } } }, async (request) =>
      exportJobOf(deps, kind, request.params.id, request.user.id),
    );
    app.get(
      `${prefix}/:id/file`,
      { ...guarded, schema: { params: idParams, response: { 200: fileAnswerOf(...EXPORT_FORMATS) } } },
      async (request, reply) => {
        const file = await exportFileOf(deps, kind, request.params.id, request.user.id);
        if (file.sizeBytes !== null) reply.header('content-length', String(file.sizeBytes));
        return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.stream);
      },
    );
  }
};
