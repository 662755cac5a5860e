import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSystemSchema } from '../../contracts/admin-system';
import { API_PREFIX } from '../../contracts/constants';
import type { AppServices } from '../app-services';
import { systemOverview } from '../services/alerts/system-overview';

/**
 * GET /admin/system (role ADMIN, no permission more; docs/admin.md, "Sistema"): the open alerts, the queues,
 * the last backup, the versions and each provider's health as this node counts it.
 */
export const adminSystemRoutes: FastifyPluginAsync<AppServices & { databaseKind: 'pglite' | 'postgres' }> = async (
  instance,
  { db, clock, gateways, databaseKind },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/system',
    { onRequest: app.requirePermissions([]), config: { noStore: true }, schema: { response: { 200: adminSystemSchema } } },
    async () =>
      systemOverview(
        {
          db,
          databaseKind,
          providers: [...new Set(gateways.all.map((gateway) => gateway.name))],
          // The backups' own route, when this server has it (another part of the app may not yet).
          canBackUpNow: instance.hasRoute({ method: 'POST', url: `${API_PREFIX}/admin/backups` }),
        },
        clock.now(),
      ),
  );
};
