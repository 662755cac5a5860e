import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupListQuerySchema, backupRunSchema } from '../../contracts/admin-backups';
import { adminMessages as am } from '../../contracts/admin-messages';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { conflict } from '../domain/errors';
import { actorOf } from '../services/admin/audit-log';
import type { BackupService } from '../services/backups/backup-service';

/**
 * Backups of the embedded database (docs/deploy.md, "Backups"), for any admin (role ADMIN): ask for one
 * now (202, written in the background; audited) and read the last runs. On PostgreSQL both answer 409
 * `backup.external`: the database keeps its own backups and the app writes none.
 */
export const adminBackupRoutes: FastifyPluginAsync<AppServices & { backups: BackupService | null }> = async (instance, { backups }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admins = { onRequest: app.requirePermissions([]), config: { noStore: true } };
  const service = (): BackupService => {
    if (!backups) throw conflict(errorCodes.backupsExternal, am.backupsExternal);
    return backups;
  };

  app.get(
    '/admin/backups',
    { ...admins, schema: { querystring: backupListQuerySchema, response: { 200: z.array(backupRunSchema), 409: apiErrorSchema } } },
    async (request, reply) => {
      const { items, total } = await service().list(request.query.page, request.query.amount);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
  app.post('/admin/backups', { ...admins, schema: { response: { 202: backupRunSchema, 409: apiErrorSchema } } }, async (request, reply) => {
    const { run, done } = await service().begin('manual', actorOf(request));
    // Its end is recorded in its row (GET /admin/backups); a failure is logged there too.
    void done;
    return reply.status(202).send(run);
  });
};
