import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRunSchema, type BackupRun } from '../../contracts/admin-backups';
import { auditLog, donations } from '../../server/db/schema';
import { openPglite } from '../../server/db/open-database';
import type { BackupService } from '../../server/services/backups/backup-service';
import { restoreBackup } from '../../server/services/backups/restore-backup';
import { S3_BACKUP_PREFIX } from '../../server/services/backups/s3-target';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
import { cardDonation, createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Backups of the embedded database (issue 51, item 4): the admins' routes (ADMIN only, audited, 409
 * while one runs, 409 `backup.external` on PostgreSQL), a snapshot taken while donations are being made
 * restored into an empty folder with the same donations and a balanced ledger, retention, the partial
 * left by a stopped backup cleaned, and the S3 target.
 */

const dirs: string[] = [];
const scratch = (prefix = 'semear-backups-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const onPglite = process.env.TEST_DB !== 'postgres';

let ctx: TestContext;
let backupDir: string;
let admin: Awaited<ReturnType<typeof newSession>>;
let donor: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  backupDir = scratch();
  ctx = await createTestContext({ BACKUP_DIR: backupDir, BACKUP_KEEP: '3' });
  admin = await newSession(ctx.app, { name: 'Beatriz Sistemas' });
  await grantAdmin(ctx, admin.user.id, []);
  donor = await newSession(ctx.app, { name: 'Caio Doador' });
}, 180_000);
afterAll(async () => {
  await ctx.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const backups = (): BackupService => {
  if (!ctx.app.backups) throw new Error('no backups on this database');
  return ctx.app.backups;
};
const unbalancedGroups = `select count(*)::int as n from (select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0) g`;

describe('who may use /admin/backups', () => {
  it('answers 401 without a session and 403 to a donor, writing nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(ctx.app, method, '/api/v1/admin/backups')).statusCode).toBe(401);
      expect((await call(ctx.app, method, '/api/v1/admin/backups', undefined, { token: donor.token })).statusCode).toBe(403);
    }
    if (onPglite) expect(readdirSync(backupDir)).toEqual([]);
  });

  it('refuses a bad page or amount with a translated 400', async () => {
    for (const query of ['page=-1', 'amount=0', 'amount=101', 'page=abc']) {
      const answer = await call(ctx.app, 'GET', `/api/v1/admin/backups?${query}`, undefined, { token: admin.token, locale: 'en' });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().code).toBe('validation.failed');
    }
  });
});

describe.runIf(!onPglite)('on PostgreSQL', () => {
  it('answers 409 backup.external: the database keeps its own backups', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await call(ctx.app, method, '/api/v1/admin/backups', undefined, { token: admin.token, locale: 'en' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('backup.external');
      expect(answer.json().message).toMatch(/PostgreSQL/);
    }
    expect(ctx.app.backups).toBeNull();
  });
});

describe.runIf(onPglite)('on the embedded database', () => {
  const waitFor = async (id: string): Promise<BackupRun> => {
    for (;;) {
      const answer = await call(ctx.app, 'GET', '/api/v1/admin/backups?amount=100', undefined, { token: admin.token });
      const run = (answer.json() as BackupRun[]).find((r) => r.id === id);
      if (run && run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('writes a backup an admin asks for, audited, one at a time, and lists it', async () => {
    const asked = await call(ctx.app, 'POST', '/api/v1/admin/backups', undefined, { token: admin.token, locale: 'en' });
    expect(asked.statusCode, asked.body).toBe(202);
    const run = backupRunSchema.parse(asked.json());
    expect(run).toMatchObject({ trigger: 'manual', status: 'running', target: 'folder', location: null });
    const again = await call(ctx.app, 'POST', '/api/v1/admin/backups', undefined, { token: admin.token, locale: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('backup.running');

    const done = await waitFor(run.id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.location).toMatch(/^semear-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-m\d+\.tar\.gz$/);
    expect(readdirSync(backupDir)).toEqual([done.location]);
    expect(done.size_bytes).toBeGreaterThan(0);
    const list = await call(ctx.app, 'GET', '/api/v1/admin/backups?page=0&amount=1', undefined, { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect((list.json() as BackupRun[])[0]?.id).toBe(run.id);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup.requested'), eq(auditLog.subjectId, run.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorUserId).toBe(admin.user.id);
  }, 180_000);

  it('takes a consistent snapshot while donations are made, which restores into an empty folder with them and a balanced ledger', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const before = await Promise.all([1, 2, 3].map((i) => cardDonation(ctx.app, campaign, 1000 + i)));
    // Donations in flight while the snapshot is taken and written.
    const during = Promise.all([4, 5, 6, 7, 8, 9].map((i) => cardDonation(ctx.app, campaign, 1000 + i)));
    const { done } = await backups().begin('manual');
    const run = await done;
    const after = await during;
    expect(run.status, run.error ?? '').toBe('succeeded');

    const dataDir = join(scratch('semear-restored-'), 'data');
    await restoreBackup(join(backupDir, run.location as string), dataDir);
    const restored = await openPglite(join(dataDir, 'db'));
    try {
      const ids = (await restored.db.select({ id: donations.id, status: donations.status }).from(donations)).map((d) => d.id);
      const live = (await ctx.database.db.select({ id: donations.id }).from(donations)).map((d) => d.id);
      // Every donation finished before the backup is there; those made during it are there whole or not at all.
      for (const id of before) expect(ids).toContain(id);
      for (const id of ids) expect(live).toContain(id);
      expect(ids.length).toBeGreaterThanOrEqual(before.length);
      expect(after).toHaveLength(6);
      const { rows } = await restored.executeSql(unbalancedGroups);
      expect(rows).toEqual([{ n: 0 }]);
      // Each restored donation that the snapshot holds as confirmed carries its ledger group.
      const { rows: bare } = await restored.executeSql(
        `select count(*)::int as n from donations d where d.status = 'confirmed'
           and not exists (select 1 from ledger_groups g where g.reference like '%:' || d.id::text)`,
      );
      expect(bare).toEqual([{ n: 0 }]);
      // The backup's own row, 'running' when the snapshot was taken, is its success in the copy.
      const { rows: own } = await restored.executeSql(`select status from backup_runs where id = $1`, [run.id]);
      expect(own).toEqual([{ status: 'succeeded' }]);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('keeps BACKUP_KEEP backups, the newest, and removes what a stopped backup left half-written', async () => {
    const partial = join(backupDir, 'semear-2020-01-01T00-00-00-000Z-m1.tar.gz.partial');
    writeFileSync(partial, 'half a backup');
    const written: string[] = [];
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(1000);
      const run = await (await backups().begin('schedule')).done;
      expect(run.status, run.error ?? '').toBe('succeeded');
      written.push(run.location as string);
    }
    const files = readdirSync(backupDir).sort();
    expect(files).toHaveLength(3);
    expect(files).toEqual(written.slice(-3));
    expect(files).not.toContain('semear-2020-01-01T00-00-00-000Z-m1.tar.gz.partial');
  }, 180_000);

  it('runs on schedule only once the last success is BACKUP_EVERY old', async () => {
    expect(await backups().runIfDue()).toBe(false);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await backups().runIfDue()).toBe(true);
    expect(await backups().runIfDue()).toBe(false);
  }, 180_000);

  it('refuses to restore into a folder that is not empty, leaving it untouched', async () => {
    const [file] = readdirSync(backupDir);
    const dataDir = scratch('semear-occupied-');
    writeFileSync(join(dataDir, 'jwt-secret'), 'kept');
    await expect(restoreBackup(join(backupDir, file as string), dataDir)).rejects.toThrow(/not empty/);
    expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
    const notBackup = join(scratch(), 'semear-2020-01-01T00-00-00-000Z-m1.tar.gz');
    writeFileSync(notBackup, 'plain text');
    await expect(restoreBackup(notBackup, join(scratch(), 'empty'))).rejects.toThrow(/not a Semear backup/);
  }, 180_000);

  describe('to the S3 store when uploads go there', () => {
    let s3: S3rver;
    let env: Record<string, string>;
    beforeAll(async () => {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: scratch(),
        configureBuckets: [{ name: 'semear-files', configs: [] }],
      });
      const { port } = await s3.run();
      env = {
        S3_BUCKET: 'semear-files',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        BACKUP_KEEP: '2',
      };
    });
    afterAll(async () => s3.close());

    it('writes under backups/ and keeps BACKUP_KEEP of them', async () => {
      const app = await ctx.buildAnotherApp(env);
      const target = app.backups?.target;
      expect(target?.kind).toBe('s3');
      const written: string[] = [];
      for (let i = 0; i < 3; i++) {
        ctx.clock.advance(1000);
        const run = await (await (app.backups as BackupService).begin('manual')).done;
        expect(run.status, run.error ?? '').toBe('succeeded');
        expect(run.target).toBe('s3');
        expect(run.location?.startsWith(S3_BACKUP_PREFIX)).toBe(true);
        written.push((run.location as string).slice(S3_BACKUP_PREFIX.length));
      }
      expect(await target?.list()).toEqual(written.slice(-2));
    }, 180_000);
  });

  it('counts the runs it lists', async () => {
    // The tests above moved the clock by days: the admin signs in again, as they would.
    const { token } = await signIn(ctx.app, admin.input.email, admin.input.password);
    const { rows } = await ctx.database.executeSql('select count(*)::int as n from backup_runs');
    const list = await call(ctx.app, 'GET', '/api/v1/admin/backups', undefined, { token });
    expect(list.statusCode, list.body).toBe(200);
    expect(rows).toEqual([{ n: Number(list.headers['x-total-count']) }]);
  });
});
