import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportAcceptedSchema, dataExportSchema, latestDataExportSchema } from '../../contracts/data-export';
import { fileAnswerOf } from '../../contracts/http';
import type { AppServices } from '../app-services';
import {
  dataExportFileOf,
  dataExportOf,
  latestDataExport,
  requestDataExport,
  runDataExport,
  type DataExportDeps,
} from '../services/privacy/data-exports';

const idParams = z.object({ id: z.uuid() });

/**
 * A copy of one's data (LGPD art. 18, II and V; docs/privacy.md): ask (202 {id}), follow, download the ZIP
 * with the account's own session. Another account's request is a 404, as if it did not exist.
 */
export const dataExportRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, storage, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps: DataExportDeps = { db, clock, storage, translator: app.translator, publicUrl: config.publicUrl, log: app.log };
  const own = { onRequest: app.authenticate, config: { noStore: true } };

  app.post('/users/profile/data-export', { ...own, schema: { response: { 202: dataExportAcceptedSchema } } }, async (request, reply) => {
    const { id, created } = await requestDataExport(deps, request.user.id);
    // Prepared once the answer is out; if this process stops first, the `data-exports` job takes it up.
    if (created) app.afterAnswer(reply, 'data export', async () => void (await runDataExport(deps, id)));
    return reply.status(202).send({ id });
  });

  app.get('/users/profile/data-export', { ...own, schema: { response: { 200: latestDataExportSchema } } }, async (request) =>
    latestDataExport(deps, request.user.id),
  );

  app.get(
    '/users/profile/data-export/:id',
    { ...own, schema: { params: idParams, response: { 200: dataExportSchema } } },
    async (request) => dataExportOf(deps, request.user.id, request.params.id),
  );

  app.get(
    '/users/profile/data-export/:id/download',
    { ...own, schema: { params: idParams, response: { 200: fileAnswerOf('zip') } } },
    async (request, reply) => {
      const file = await dataExportFileOf(deps, request.user.id, request.params.id);
      if (file.sizeBytes !== null) reply.header('content-length', String(file.sizeBytes));
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.stream);
    },
  );
};
