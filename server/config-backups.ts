import { basename, dirname, relative, resolve, isAbsolute } from 'node:path';
import { z } from 'zod';
import { ConfigError, integerText } from './config-text';

/** Backups of the embedded database (docs/deploy.md, "Backups"): how often, where, how many kept. */
export const DEFAULT_BACKUP_EVERY = '24h';
export const DEFAULT_BACKUP_KEEP = 14;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const EVERY = /^(\d{1,5})(m|h|d)$/;

/** `30m`, `6h`, `24h`, `7d` in milliseconds; `off` is null. At least five minutes, at most a year. */
export function backupEveryMs(text: string): number | null {
  if (text === 'off') return null;
  const match = EVERY.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

const everyText = z
  .string()
  .transform((text) => backupEveryMs(text.toLowerCase()))
  .refine((ms) => ms === null || (ms >= 5 * 60_000 && ms <= 366 * UNIT_MS.d), {
    error: 'BACKUP_EVERY must be a duration such as 30m, 6h, 24h or 7d (5 minutes at least), or off',
  });

export const backupsEnv = {
  BACKUP_EVERY: everyText.default(UNIT_MS.h * 24),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: integerText('BACKUP_KEEP', 1, 10_000).default(DEFAULT_BACKUP_KEEP),
};

type BackupsEnv = z.output<z.ZodObject<typeof backupsEnv>>;

export interface BackupConfig {
  /** null: no scheduled backups (BACKUP_EVERY=off); `npm run backup` and the admin's button still work. */
  everyMs: number | null;
  /** The folder the snapshots go to when uploads are not in S3 (then they go to its `backups/` prefix). */
  dir: string;
  /** How many snapshots are kept; the newest is never deleted. */
  keep: number;
}

/** DATA_DIR's sibling `<name>-backups` (`.data` → `.data-backups`): outside it, so a restore never nests a backup in itself. */
export const defaultBackupDir = (dataDir: string): string => resolve(dirname(dataDir), `${basename(dataDir) || 'data'}-backups`);

const inside = (folder: string, path: string) => {
  const rest = relative(folder, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
};

export function backupConfig(e: BackupsEnv, dataDir: string): BackupConfig {
  const dir = e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : defaultBackupDir(dataDir);
  if (inside(dataDir, dir))
    throw new ConfigError('Invalid configuration: BACKUP_DIR must be outside DATA_DIR (a restore fills DATA_DIR from a backup)');
  return { everyMs: e.BACKUP_EVERY, dir, keep: e.BACKUP_KEEP };
}
