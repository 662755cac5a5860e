// npm run backup: a snapshot of the embedded database now (docs/deploy.md, "Backups").
import { loadConfig, ConfigError } from '../server/config';
import { withGeneratedSecrets } from '../server/config-secrets';
import { DataFolderLockedError } from '../server/db/data-folder-lock';
import { backupNow, whereIs } from '../server/services/backups/backup-now';

const quiet = { info: () => undefined, error: () => undefined };

try {
  const config = loadConfig(withGeneratedSecrets(process.env));
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: PostgreSQL keeps its own backups (pg_dump, point-in-time recovery; docs/deploy.md, "Backups").');
    process.exit(1);
  }
  const { by, run } = await backupNow(config, quiet);
  if (run.status !== 'succeeded') {
    console.error(`The backup failed (written by ${by}): ${run.error ?? 'unknown error'}`);
    process.exit(1);
  }
  console.log(`Backup written by ${by}: ${whereIs(config, run)} (${run.size_bytes} bytes)`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof DataFolderLockedError || error instanceof Error ? error.message : error);
  process.exit(1);
}
