import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { backupName, isBackupName, isPartialName, namesBeyond } from '../../server/services/backups/backup-names';

/** BACKUP_EVERY, BACKUP_DIR and BACKUP_KEEP (docs/deploy.md, "Backups"), and the backups' file names. */

const SECRETS = { JWT_SECRET: 'x'.repeat(32), PAYMENT_WEBHOOK_SECRET: 'y'.repeat(32), PUSHER_SECRET: 'z'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...SECRETS, DATA_DIR: '/srv/semear/.data', ...env }).backups;

describe('backup configuration', () => {
  it('backs up daily to DATA_DIR’s sibling and keeps 14 by default', () => {
    expect(load({})).toEqual({ everyMs: 24 * 3_600_000, dir: '/srv/semear/.data-backups', keep: 14 });
  });

  it('reads durations in minutes, hours and days, and off', () => {
    expect(load({ BACKUP_EVERY: '30m' }).everyMs).toBe(30 * 60_000);
    expect(load({ BACKUP_EVERY: '6h' }).everyMs).toBe(6 * 3_600_000);
    expect(load({ BACKUP_EVERY: '7d' }).everyMs).toBe(7 * 86_400_000);
    expect(load({ BACKUP_EVERY: 'off' }).everyMs).toBeNull();
  });

  it('refuses what is not a duration, less than five minutes, a keep of 0, and a BACKUP_DIR inside DATA_DIR', () => {
    for (const every of ['daily', '24', '1m', '-1h', '1.5h'])
      expect(() => load({ BACKUP_EVERY: every }), every).toThrow(/BACKUP_EVERY must be a duration/);
    expect(() => load({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    for (const dir of ['/srv/semear/.data', '/srv/semear/.data/backups'])
      expect(() => load({ BACKUP_DIR: dir }), dir).toThrow(/BACKUP_DIR must be outside DATA_DIR/);
    expect(load({ BACKUP_DIR: '/backups/semear', BACKUP_KEEP: '3' })).toMatchObject({ dir: '/backups/semear', keep: 3 });
  });
});

describe('backup file names', () => {
  it('carry the UTC time to the millisecond and the migration count, and sort by time', () => {
    const name = backupName(new Date('2026-11-30T03:50:38.123Z'), 45);
    expect(name).toBe('semear-2026-11-30T03-50-38-123Z-m45.tar.gz');
    expect(isBackupName(name)).toBe(true);
    expect(isPartialName(`${name}.partial`)).toBe(true);
    for (const other of [`${name}.partial`, 'semear-latest.tar.gz', `../${name}`, `${name}.tmp`])
      expect(isBackupName(other), other).toBe(false);
  });

  it('lets the newest BACKUP_KEEP stay, and always the newest', () => {
    const names = [3, 1, 4, 2].map((day) => backupName(new Date(Date.UTC(2026, 0, day)), 45));
    expect(namesBeyond(names, 2)).toEqual([names[1], names[3]]);
    expect(namesBeyond(names, 0)).toHaveLength(3);
    expect(namesBeyond(names, 10)).toEqual([]);
  });
});
