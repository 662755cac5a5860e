import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportJobSchema, type ExportJob } from '../../contracts/admin-exports';
import { exportJobs } from '../../server/db/schema';
import { exportRunsInFlight, runQueuedExports } from '../../server/services/exports/export-queue';
import { FINANCE_PAGE_GROUPS } from '../../server/services/finances/finance-pages';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Exports that cannot freeze the server (issue 48, item 1): a long period's XLSX is written as a stream
 * page by page and reads back whole, every admin's exports share one bounded queue per node
 * (EXPORT_MAX_RUNS), and /health answers while exports run. Timings live in bench/exports.ts.
 */

const PERMS = ['MANAGE_FINANCES'] as const;
/** Several pages of groups, three to a timestamp (the test clock stands still): the cursor meets ties. */
const LINES = FINANCE_PAGE_GROUPS * 3 + 7;
let ctx: TestContext;
let storage: FileStorage;
let period: { from: string; to: string };
beforeAll(async () => {
  ctx = await createTestContext();
  storage = createStorage(ctx.config.storage);
  const campaign = await createCampaign(ctx.database.db, { title: '=Campanha +55 11 98765-4321' });
  const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
  const now = ctx.clock.now();
  period = { from: day(new Date(now.getTime() - 86_400_000)), to: day(now) };
  const db = ctx.database.db;
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) values ('campaign', ${campaign.id}) on conflict do nothing`);
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) values ('gateway_clearing', 'sandbox') on conflict do nothing`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table test_groups on commit drop as
      select gen_random_uuid() as id, i as cents, ${now}::timestamptz - (i / 3) * interval '1 second' as at
      from generate_series(1, ${LINES}) i`);
    await tx.execute(
      sql`insert into ledger_groups (id, kind, reference, created_at) select id, 'donation', 'donation:' || id, at from test_groups`,
    );
    await tx.execute(sql`
      insert into ledger_entries (group_id, account_id, amount_cents)
      select id, (select id from ledger_accounts where kind = 'campaign' and owner_key = ${campaign.id}), cents from test_groups
      union all
      select id, (select id from ledger_accounts where kind = 'gateway_clearing' and owner_key = 'sandbox'), -cents from test_groups`);
  });
});
afterAll(() => ctx.close());

async function anAdmin() {
  const admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, PERMS);
  return admin;
}

const waitUntil = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const jobOf = async (id: string, token: string) =>
  exportJobSchema.parse((await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${id}`, undefined, { token })).json());

/** Storage whose writes in parts all wait, once their first part has come, until `release()`. */
function heldStorage() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const wrapped: FileStorage = {
    ...storage,
    putParts(key, parts, type) {
      const waiting = async function* () {
        let first = true;
        for await (const part of parts) {
          yield part;
          if (first) await held;
          first = false;
        }
      };
      return storage.putParts(key, waiting(), type);
    },
  };
  return { storage: wrapped, release };
}

describe('a long period as XLSX', () => {
  it('is streamed page by page into a workbook that reads back whole: sheet, header, numbers, every line once', async () => {
    const admin = await anAdmin();
    const asked = await call(ctx.app, 'POST', '/api/v1/admin/finances/exports', { format: 'xlsx', period }, admin);
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = exportJobSchema.parse(asked.json());
    const job = await waitUntil(async () => {
      const found = await jobOf(id, admin.token);
      expect(found.status).toBe('ready');
      return found;
    });
    expect(job).toMatchObject({ lines_done: LINES, lines_total: LINES });
    const file = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${id}/file`, undefined, admin);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.byteLength).toBe(job.size_bytes);

    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Lançamentos']);
    const sheet = book.Sheets['Lançamentos'] as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual([
      'Data',
      'Tipo',
      'Referência',
      'Doação',
      'Meio',
      'Meio (código)',
      'Campanha',
      'Categoria',
      'Recorrente',
      'Bruto',
      'Reembolso',
      'Taxa',
      'Líquido',
    ]);
    expect(rows).toHaveLength(LINES + 1);
    expect(new Set(rows.slice(1).map((row) => row[2])).size).toBe(LINES);
    expect(sheet.J2?.t).toBe('n');
    expect(rows[1]?.[6]).toBe("'=Campanha +55 11 98765-4321");
    const gross = rows.slice(1).reduce((sum: number, row) => sum + Math.round(Number(row[9]) * 100), 0);
    expect(gross).toBe((LINES * (LINES + 1)) / 2);

    // The same rows as the direct export, which is written by the same writer.
    const direct = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.xlsx?from=${period.from}&to=${period.to}`, undefined, admin);
    expect(direct.statusCode).toBe(200);
    const directBook = XLSX.read(direct.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(directBook.Sheets['Lançamentos'] as XLSX.WorkSheet, { header: 1 })).toEqual(rows);

    // A zip any reader takes: Python's zipfile checks every entry's CRC-32 and sizes.
    const folder = mkdtempSync(join(tmpdir(), 'semear-xlsx-'));
    try {
      writeFileSync(join(folder, 'export.xlsx'), file.rawPayload);
      const check = 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).testzip())';
      expect(execFileSync('python3', ['-c', check, join(folder, 'export.xlsx')], { encoding: 'utf8' }).trim()).toBe('None');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("every admin's exports in one bounded queue", () => {
  it('runs at most two at once on a node whoever asked; the others wait with their place, and all become ready', async () => {
    const files = heldStorage();
    // Two at once, as on PostgreSQL (PGlite's default is one: config.ts).
    const app = await ctx.buildAnotherApp({ EXPORT_MAX_RUNS: '2' }, { storage: files.storage });
    const admins = await Promise.all([anAdmin(), anAdmin(), anAdmin()]);
    const ids: string[] = [];
    for (const admin of admins) {
      ctx.clock.advance(1_000); // asked one after another
      const asked = await call(app, 'POST', '/api/v1/admin/finances/exports', { format: 'csv', period }, admin);
      expect(asked.statusCode, asked.body).toBe(202);
      ids.push(exportJobSchema.parse(asked.json()).id);
    }
    const statuses = async () =>
      Promise.all(ids.map(async (id, i) => jobOf(id, (admins[i] as { token: string }).token))) as Promise<ExportJob[]>;
    const jobs = await waitUntil(async () => {
      const now = await statuses();
      expect(now.map((job) => job.status)).toEqual(['running', 'running', 'queued']);
      return now;
    });
    expect(jobs[2]?.queue_place).toBe(1);
    expect(exportRunsInFlight(ctx.database.db)).toBe(2);
    // Asking the queue again (another request, the `exports` job) starts nothing more while both runs hold.
    expect(await runQueuedExports({ db: ctx.database.db, storage: files.storage, clock: ctx.clock, translator: ctx.app.translator })).toBe(
      0,
    );
    const running = await ctx.database.db.select().from(exportJobs).where(eq(exportJobs.status, 'running'));
    expect(running).toHaveLength(2);

    // /ready (the database's check, which /health no longer makes) answers while they run.
    const ready = await call(app, 'GET', '/api/v1/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' });

    files.release();
    await waitUntil(async () => expect((await statuses()).map((job) => job.status)).toEqual(['ready', 'ready', 'ready']));
    expect((await statuses()).map((job) => job.lines_total)).toEqual([LINES, LINES, LINES]);
    expect(exportRunsInFlight(ctx.database.db)).toBe(0);
  });
});
