// npm run restore -- FILE: fills an empty DATA_DIR from a backup of the embedded database (docs/deploy.md, "Backups").
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../server/config';
import { restoreBackup, RestoreRefusedError } from '../server/services/backups/restore-backup';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (DATA_DIR names the empty folder to fill; default .data)');
  process.exit(2);
}
if (process.env.DATABASE_URL?.trim()) {
  console.error('DATABASE_URL is set: a PostgreSQL database is restored with pg_restore (docs/deploy.md, "Backups").');
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
try {
  const { migrations } = await restoreBackup(resolve(file), dataDir);
  console.log(`Restored ${file} into ${dataDir} (${migrations} migrations). Start the server: npm start.`);
} catch (error) {
  console.error(error instanceof RestoreRefusedError ? error.message : error);
  process.exit(1);
}
