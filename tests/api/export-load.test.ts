import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_INLINE_MAX_LINES, exportJobSchema, type ExportJob } from '../../contracts/admin-exports';
import { exportJobs } from '../../server/db/schema';
import type { Database } from '../../server/db/types';
import { runExport, runPendingExports, type ExportDeps } from '../../server/services/exports/export-jobs';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Exports under load (issue 23, item 7): the file goes to storage in parts and comes back as a stream;
 * one run per admin, the rest queued with their place; a slow run that is alive keeps its job, and a run
 * taken over writes nothing after; a direct export too long to answer is refused without reading its rows.
 */

const PERMS = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const;
const MANY = 4_500;
let ctx: TestContext;
let storage: FileStorage;
let campaign: { id: string; slug: string };
beforeAll(async () => {
  ctx = await createTestContext();
  storage = createStorage(ctx.config.storage);
  campaign = await createCampaign(ctx.database.db);
  await ctx.database.db.execute(sql`
    insert into donations (campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
    select ${campaign.id}::uuid, 1000, 'confirmed', 'pix', jsonb_build_object('name', 'Doador ' || i, 'email', 'd' || i || '@exemplo.com.br'),
      'x', now() - (i || ' seconds')::interval, now()
    from generate_series(1, ${MANY}) i`);
});
afterAll(() => ctx.close());

async function anAdmin() {
  const admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, PERMS);
  return admin;
}

/** Storage whose first write (whole or in parts) waits until `release()` (a run slow on its file), the others straight through. */
function heldStorage() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  let arrived = () => {};
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const waitIfFirst = async () => {
    if (first) {
      first = false;
      arrived();
      await held;
    }
  };
  const parts: number[] = [];
  const wrapped: FileStorage = {
    ...storage,
    async put(key, body, type) {
      await waitIfFirst();
      return storage.put(key, body, type);
    },
    async putParts(key, source, type) {
      await waitIfFirst();
      let count = 0;
      const counted = async function* () {
        for await (const part of source) {
          count += 1;
          yield part;
        }
      };
      const size = await storage.putParts(key, counted(), type);
      parts.push(count);
      return size;
    },
  };
  return { storage: wrapped, release, parts, reached };
}

const depsWith = (files: FileStorage, more: Partial<ExportDeps> = {}): ExportDeps => ({
  db: ctx.database.db,
  storage: files,
  clock: ctx.clock,
  translator: ctx.app.translator,
  ...more,
});
const rowOf = async (id: string) => (await ctx.database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0];
const waitUntil = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 20 });
const filter = () => ({ format: 'csv', filter: { campaign: campaign.slug } });

describe('a background export', () => {
  it('is written to storage in parts, a page at a time, and downloaded as a stream of the same lines', async () => {
    const admin = await anAdmin();
    const files = heldStorage();
    files.release();
    const app = await ctx.buildAnotherApp({}, { storage: files.storage });
    const asked = await call(app, 'POST', '/api/v1/admin/donations/exports', filter(), { token: admin.token });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = exportJobSchema.parse(asked.json());
    const job = await waitUntil(async () => {
      const found = exportJobSchema.parse((await call(app, 'GET', `/api/v1/admin/donations/exports/${id}`, undefined, admin)).json());
      expect(found.status).toBe('ready');
      return found;
    });
    expect(job).toMatchObject({ lines_done: MANY, lines_total: MANY, queue_place: null });
    // The BOM and header, then one part per page of rows: never the whole file at once.
    expect(files.parts).toHaveLength(1);
    expect(files.parts[0]).toBeGreaterThanOrEqual(3);
    const file = await call(app, 'GET', `/api/v1/admin/donations/exports/${id}/file`, undefined, admin);
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(job.size_bytes);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(MANY + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(';')[0])).size).toBe(MANY);
  });

  it('runs one at a time per admin: the others wait queued, each showing its place, and all become ready', async () => {
    const admin = await anAdmin();
    const files = heldStorage();
    const app = await ctx.buildAnotherApp({}, { storage: files.storage });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1_000); // (the test clock stands still otherwise: asked one after another)
      const asked = await call(app, 'POST', '/api/v1/admin/donations/exports', filter(), { token: admin.token });
      ids.push(exportJobSchema.parse(asked.json()).id);
    }
    const list = async () =>
      new Map(
        exportJobSchema
          .array()
          .parse((await call(app, 'GET', '/api/v1/admin/donations/exports', undefined, admin)).json())
          .map((job: ExportJob) => [job.id, job]),
      );
    const waiting = await waitUntil(async () => {
      const jobs = await list();
      expect(jobs.get(ids[0] as string)?.status).toBe('running');
      return jobs;
    });
    expect(ids.slice(1).map((id) => [waiting.get(id)?.status, waiting.get(id)?.queue_place])).toEqual([
      ['queued', 1],
      ['queued', 2],
    ]);
    const one = exportJobSchema.parse((await call(app, 'GET', `/api/v1/admin/donations/exports/${ids[2]}`, undefined, admin)).json());
    expect(one.queue_place).toBe(2);

    files.release();
    await waitUntil(async () => {
      const jobs = await list();
      expect(ids.map((id) => jobs.get(id)?.status)).toEqual(['ready', 'ready', 'ready']);
    });
  });

  it('keeps its job while it is slow but alive: its heartbeat beats on its own timer', async () => {
    const admin = await anAdmin();
    const files = heldStorage();
    const [job] = await ctx.database.db
      .insert(exportJobs)
      .values({ kind: 'donations', format: 'csv', params: { campaign: campaign.slug }, requestedBy: admin.user.id, fileName: 'x.csv' })
      .returning();
    const id = job?.id as string;
    const running = runExport(depsWith(files.storage, { heartbeatMs: 10 }), id);
    await files.reached;
    // Ten minutes go by while the run is stuck on its file; its timer keeps beating.
    ctx.clock.advance(10 * 60_000);
    await waitUntil(async () => expect((await rowOf(id))?.heartbeatAt?.getTime()).toBe(ctx.clock.now().getTime()));
    await runPendingExports(depsWith(storage));
    expect(await rowOf(id)).toMatchObject({ status: 'running', attempts: 1 });

    files.release();
    await running;
    expect(await rowOf(id)).toMatchObject({ status: 'ready', attempts: 1, linesDone: MANY, linesTotal: MANY });
  });

  it('taken over after it went silent, writes nothing when it wakes: the job stays ready with every line', async () => {
    const admin = await anAdmin();
    const files = heldStorage();
    const [job] = await ctx.database.db
      .insert(exportJobs)
      .values({ kind: 'donations', format: 'csv', params: { campaign: campaign.slug }, requestedBy: admin.user.id, fileName: 'x.csv' })
      .returning();
    const id = job?.id as string;
    // A process that froze: its run neither beats nor moves.
    const frozen = runExport(depsWith(files.storage, { heartbeatMs: 3_600_000 }), id);
    await files.reached;
    ctx.clock.advance(10 * 60_000);
    await runPendingExports(depsWith(storage));
    const taken = await rowOf(id);
    expect(taken).toMatchObject({ status: 'ready', attempts: 2, linesDone: MANY, linesTotal: MANY });

    // The frozen process wakes a minute later and goes on with its run.
    ctx.clock.advance(60_000);
    files.release();
    await frozen;
    expect(await rowOf(id)).toEqual(taken);
    expect(await storage.get(taken?.storageKey as string)).not.toBeNull();
  });
});

describe('a direct export too long to answer at once', () => {
  it('is refused by counting up to the limit, without reading the rows it would have sent', async () => {
    const admin = await anAdmin();
    const big = await createCampaign(ctx.database.db);
    await ctx.database.db.execute(sql`
      insert into donations (campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at)
      select ${big.id}::uuid, 1000, 'confirmed', 'pix', jsonb_build_object('name', 'D' || i, 'email', 'd' || i || '@e.com'), 'x', now()
      from generate_series(1, ${EXPORT_INLINE_MAX_LINES + 1}) i`);
    const queries: string[] = [];
    const logger = { logQuery: (query: string) => queries.push(query) };
    const client = (ctx.database.db as unknown as { $client: never }).$client;
    const logged = (process.env.TEST_DB === 'postgres'
      ? drizzlePostgres({ client, logger })
      : drizzlePglite({ client, logger })) as unknown as Database;
    const app = await ctx.buildAnotherApp({}, { db: logged });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());

    queries.length = 0;
    const donations = await call(app, 'GET', `/api/v1/admin/donations/export.csv?campaign=${big.slug}`, undefined, admin);
    expect(donations.statusCode).toBe(422);
    expect(donations.json().message).toBe('Esta exportação passa de 10.000 linhas: peça-a para ser preparada em segundo plano.');
    const read = queries.filter((query) => query.includes('"donations"'));
    expect(read.length).toBeGreaterThan(0);
    // Counted, at most one past the limit; no donor's contact or refund sums were read.
    for (const query of read) expect(query).toMatch(/^select count\(\*\).*limit \$\d+\)/s);
    expect(read.join('\n')).not.toContain('"contact"');

    // The period's ledger lines are counted the same way before any is read.
    queries.length = 0;
    const finances = await call(app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, admin);
    expect(finances.statusCode).toBe(200);
    expect(queries.find((query) => query.includes('ledger_entries'))).toMatch(/^select count\(\*\)/);
  });
});
