import fp from 'fastify-plugin';
import type { BackupService } from '../services/backups/backup-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Snapshots of the embedded database; null on PostgreSQL (docs/deploy.md, "Backups"). */
    backups: BackupService | null;
  }
}

/** Makes the backups reachable (the admin routes, `npm run backup`'s socket) and lets one being written end before the database closes. */
export const backupsPlugin = fp<{ service: BackupService | null }>(
  async (app, { service }) => {
    app.decorate('backups', service);
    app.addHook('onClose', async () => service?.idle());
  },
  { name: 'semear-backups' },
);
