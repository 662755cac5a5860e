import * as XLSX from '@e965/xlsx';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_INLINE_MAX_LINES, exportJobSchema, type ExportJob } from '../../contracts/admin-exports';
import { auditLog, exportJobs } from '../../server/db/schema';
import { listAudit } from '../../server/services/admin/audit-log';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { periodSteps, runExport, runPendingExports, type ExportDeps } from '../../server/services/exports/export-jobs';
import { adminDonationsAfter } from '../../server/services/refunds/admin-donations';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Exports in the background (issue 14): asked with a 202, read in steps with visible progress, the file
 * the same as the direct export, kept for 24 h for the admin who asked alone and then deleted (410);
 * a run a stopped process left behind is taken up by the `exports` job; bad requests write nothing.
 */

const PERMS = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let today = '';
let campaign: { slug: string; title: string };
let storage: FileStorage;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, PERMS);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());
  campaign = await createCampaign(ctx.database.db, { title: '=Campanha +55 11 98765-4321' });
  for (const amount of [1000, 2500, 4000]) {
    const answer = await give(
      ctx.app,
      campaign.slug,
      donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, { amount }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
  }
  storage = createStorage(ctx.config.storage);
});
afterAll(() => ctx.close());

const as = (token = admin.token) => ({ token });
const deps = (): ExportDeps => ({ db: ctx.database.db, storage, clock: ctx.clock, translator: ctx.app.translator });
const jobCount = async () => (await ctx.database.db.select({ n: count() }).from(exportJobs))[0]?.n ?? 0;

async function ask(path: string, body: object, token = admin.token, locale?: string): Promise<ExportJob> {
  const answer = await call(ctx.app, 'POST', `/api/v1/admin/${path}/exports`, body, { ...as(token), locale });
  expect(answer.statusCode, answer.body).toBe(202);
  return exportJobSchema.parse(answer.json());
}

/** Follows the export as the page does, until it is ready. */
async function ready(path: string, id: string): Promise<ExportJob> {
  return vi.waitFor(
    async () => {
      const job = exportJobSchema.parse((await call(ctx.app, 'GET', `/api/v1/admin/${path}/exports/${id}`, undefined, as())).json());
      expect(job.status).toBe('ready');
      return job;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('finance exports in the background', () => {
  it('answers 202 at once, counts its lines, and serves the same CSV the direct export gives', async () => {
    const job = await ask('finances', { format: 'csv', period: { from: today, to: today } });
    expect(job).toMatchObject({ kind: 'finances', format: 'csv', file_name: `semear-financas-${today}-${today}.csv` });
    expect(['queued', 'running', 'ready']).toContain(job.status);
    const done = await ready('finances', job.id);
    expect(done).toMatchObject({ lines_done: 3, lines_total: 3 });
    expect(Date.parse(done.expires_at as string) - Date.parse(done.finished_at as string)).toBe(24 * 3_600_000);

    const file = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${job.id}/file`, undefined, as());
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="semear-financas-${today}-${today}.csv"`);
    const direct = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, as());
    expect(file.body).toBe(direct.body);
    expect(file.body).toContain("'=Campanha +55 11 98765-4321");
    expect(done.size_bytes).toBe(file.rawPayload.byteLength);

    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.subjectId, job.id));
    expect(audit).toMatchObject({ action: 'export.requested', subjectType: 'export', actorUserId: admin.user.id });
    const mine = await call(ctx.app, 'GET', '/api/v1/admin/finances/exports', undefined, as());
    expect(mine.json().map((j: ExportJob) => j.id)).toContain(job.id);
  });

  it('prepares XLSX whose sums are the figures', async () => {
    const job = await ask('finances', { format: 'xlsx', period: { from: today, to: today } });
    await ready('finances', job.id);
    const file = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${job.id}/file`, undefined, as());
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet);
    expect(Math.round(sheet.reduce((sum, r) => sum + Number(r.Bruto), 0) * 100)).toBe(7500);
    // Words and São Paulo time, the method's code in a column of its own.
    expect(sheet[0]).toMatchObject({ Tipo: 'doação', Meio: 'Cartão', 'Meio (código)': 'card', Recorrente: 'não' });
    expect(String(sheet[0]?.Data)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('is written in the language of the admin who asked for it', async () => {
    const job = await ask('finances', { format: 'csv', period: { from: today, to: today } }, admin.token, 'es');
    await ready('finances', job.id);
    const file = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${job.id}/file`, undefined, as());
    const [header, first] = file.body.slice(1).split('\r\n');
    expect(header).toBe('Fecha;Tipo;Referencia;Donación;Medio;Medio (código);Campaña;Categoría;Recurrente;Bruto;Reembolso;Comisión;Neto');
    expect(first?.split(';').slice(4, 6)).toEqual(['Tarjeta', 'card']);
  });

  it('steps through a long period, each day once (its lines are counted a day at a time)', () => {
    const steps = periodSteps({ from: '2025-12-29', to: '2026-02-10' }, 7);
    expect(steps[0]).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(steps.at(-1)).toEqual({ from: '2026-02-09', to: '2026-02-10' });
    for (let i = 1; i < steps.length; i++) {
      const next = new Date(`${steps[i - 1]?.to}T00:00:00Z`).getTime() + 86_400_000;
      expect(new Date(`${steps[i]?.from}T00:00:00Z`).getTime()).toBe(next);
    }
    expect(periodSteps({ from: '2026-03-01', to: '2026-03-01' }, 7)).toEqual([{ from: '2026-03-01', to: '2026-03-01' }]);
    expect(periodSteps({ from: '2026-02-27', to: '2026-03-01' }, 1)).toHaveLength(3);
  });
});

describe('direct exports', () => {
  const downloads = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.downloaded'));

  it('leave an audit entry each: who, the file, what was asked and how many lines went out; a refused one leaves none', async () => {
    const before = (await downloads()).length;
    const csv = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, as());
    expect(csv.statusCode).toBe(200);
    const xlsx = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.xlsx?from=${today}&to=${today}`, undefined, as());
    expect(xlsx.statusCode).toBe(200);
    const donations = await call(ctx.app, 'GET', '/api/v1/admin/donations/export.csv?status=confirmed', undefined, as());
    expect(donations.statusCode).toBe(200);
    const written = (await downloads()).slice(before);
    expect(written).toHaveLength(3);
    expect(written[0]).toMatchObject({
      actorUserId: admin.user.id,
      subjectType: 'export',
      subjectId: `semear-financas-${today}-${today}.csv`,
      after: { kind: 'finances', format: 'csv', params: { from: today, to: today }, lines: 3 },
    });
    expect(written[1]).toMatchObject({ subjectId: `semear-financas-${today}-${today}.xlsx`, after: { format: 'xlsx', lines: 3 } });
    const lines = donations.body.trim().split('\r\n').length - 1;
    expect(written[2]).toMatchObject({
      subjectId: 'semear-doacoes.csv',
      after: { kind: 'donations', params: { status: 'confirmed' }, lines },
    });
    // The team's audit log names it by the file.
    const log = await listAudit(ctx.database.db, { action: 'export.downloaded', page: 0, amount: 1 }, 'pt');
    expect(log.entries[0]).toMatchObject({ action: 'export.downloaded', subject_type: 'export', subject_name: 'semear-doacoes.csv' });

    // Refused (not allowed, or too long to answer at once): nothing downloaded, nothing recorded.
    const donor = await newSession(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/donations/export.csv', undefined, { token: donor.token })).statusCode).toBe(403);
    expect(await downloads()).toHaveLength(before + 3);
  });
});

describe('donation exports in the background', () => {
  it('a list longer than the direct export allows is refused there, and prepared here in steps', async () => {
    const big = await createCampaign(ctx.database.db);
    const total = EXPORT_INLINE_MAX_LINES + 1;
    await ctx.database.db.execute(sql`
      insert into donations (campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
      select ${big.id}::uuid, 1000, 'confirmed', 'pix', jsonb_build_object('name', 'Doador ' || i, 'email', 'd' || i || '@exemplo.com.br'),
        'x', now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${total}) i`);
    const direct = await call(ctx.app, 'GET', `/api/v1/admin/donations/export.csv?campaign=${big.slug}`, undefined, as());
    expect(direct.statusCode).toBe(422);
    expect(direct.json().message).toBe('Esta exportação passa de 10.000 linhas: peça-a para ser preparada em segundo plano.');

    const job = await ask('donations', { format: 'csv', filter: { campaign: big.slug } });
    expect(await ready('donations', job.id)).toMatchObject({ lines_done: total, lines_total: total });
    const file = await call(ctx.app, 'GET', `/api/v1/admin/donations/exports/${job.id}/file`, undefined, as());
    const lines = file.body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(total);
    expect(new Set(lines.map((line) => line.split(';')[0])).size).toBe(total);
  });

  it('exports the filtered list in steps, every donation once even when they share a timestamp', async () => {
    const job = await ask('donations', { format: 'csv', filter: { campaign: campaign.slug } });
    expect(job.file_name).toBe(`semear-doacoes-${today}.csv`);
    expect(await ready('donations', job.id)).toMatchObject({ lines_done: 3, lines_total: 3 });
    const file = await call(ctx.app, 'GET', `/api/v1/admin/donations/exports/${job.id}/file`, undefined, as());
    expect(file.body.trim().split('\r\n')).toHaveLength(4);

    // The test clock stands still: the three donations have the same created_at; steps of one still meet each once.
    const seen: string[] = [];
    for (let after: string | null = null; ;) {
      const [row] = await adminDonationsAfter(ctx.database.db, { campaign: campaign.slug }, after, 1);
      if (!row) break;
      seen.push(row.id);
      after = row.id;
    }
    expect(new Set(seen).size).toBe(3);
    expect(seen).toHaveLength(3);
  });
});

/** An export as a run left it, straight in the table. */
async function insertJob(values: Partial<typeof exportJobs.$inferInsert>) {
  const [row] = await ctx.database.db
    .insert(exportJobs)
    .values({
      kind: 'finances',
      format: 'csv',
      params: { from: today, to: today },
      requestedBy: admin.user.id,
      fileName: 'x.csv',
      ...values,
    })
    .returning();
  return row as typeof exportJobs.$inferSelect;
}
const statusOf = async (id: string) => (await ctx.database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0];

describe('a run that stops', () => {
  it('is taken up by the exports job when its heartbeat went silent', async () => {
    const left = await insertJob({
      status: 'running',
      attempts: 1,
      linesDone: 1,
      heartbeatAt: new Date(ctx.clock.now().getTime() - 5 * 60_000),
    });
    await runPendingExports(deps());
    expect(await statusOf(left.id)).toMatchObject({ status: 'ready', linesDone: 3, attempts: 2 });
  });

  it('is left alone while its heartbeat is fresh, and given up after three failed attempts', async () => {
    const busy = await insertJob({ status: 'running', heartbeatAt: ctx.clock.now() });
    await runExport(deps(), busy.id);
    expect((await statusOf(busy.id))?.status).toBe('running');
    // (Its admin's turn is given back for the tests that follow.)
    await ctx.database.db.update(exportJobs).set({ status: 'failed' }).where(eq(exportJobs.id, busy.id));

    const broken: FileStorage = { ...storage, putParts: () => Promise.reject(new Error('disk full')) };
    const job = await insertJob({});
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++) {
      await runExport({ ...deps(), storage: broken }, job.id);
      statuses.push((await statusOf(job.id))?.status ?? '');
    }
    expect(statuses).toEqual(['queued', 'queued', 'failed']);
  });
});

describe('bad requests and permissions', () => {
  it('refuses bad periods, formats and filters with a clear 400, writing nothing', async () => {
    const before = await jobCount();
    const bad: Array<[string, object]> = [
      ['finances', { format: 'csv', period: { from: '2026-12-02', to: '2026-12-01' } }],
      ['finances', { format: 'pdf', period: { from: today, to: today } }],
      ['finances', { format: 'csv' }],
      ['donations', { format: 'xlsx', filter: {} }],
      ['donations', { format: 'csv', filter: { q: 'a\u0000b' } }],
      ['donations', { format: 'csv', filter: { min: -1 } }],
    ];
    for (const [path, body] of bad) {
      const answer = await call(ctx.app, 'POST', `/api/v1/admin/${path}/exports`, body, as());
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message, JSON.stringify(body)).toBeTruthy();
    }
    const order = await call(ctx.app, 'POST', '/api/v1/admin/finances/exports', bad[0]?.[1], as());
    expect(order.json().message).toEqual(['O início do período precisa ser antes do fim']);
    expect(await jobCount()).toBe(before);
  });

  it("needs the page's permissions, and shows each admin only their own exports", async () => {
    const job = await ask('finances', { format: 'csv', period: { from: today, to: today } });
    await ready('finances', job.id);
    const before = await jobCount();
    const campaigner = await newSession(ctx.app);
    await grantAdmin(ctx, campaigner.user.id, ['MANAGE_CAMPAIGNS']);
    const body = { format: 'csv', period: { from: today, to: today } };
    expect((await call(ctx.app, 'POST', '/api/v1/admin/finances/exports', body)).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/v1/admin/finances/exports', body, as(campaigner.token))).statusCode).toBe(403);
    expect(
      (await call(ctx.app, 'POST', '/api/v1/admin/donations/exports', { format: 'csv', filter: {} }, as(campaigner.token))).statusCode,
    ).toBe(403);
    for (const path of [`/api/v1/admin/finances/exports/${job.id}`, `/api/v1/admin/finances/exports/${job.id}/file`]) {
      expect((await call(ctx.app, 'GET', path)).statusCode, path).toBe(401);
      expect((await call(ctx.app, 'GET', path, undefined, as(campaigner.token))).statusCode, path).toBe(403);
    }
    const colleague = await newSession(ctx.app);
    await grantAdmin(ctx, colleague.user.id, PERMS);
    for (const path of [`/api/v1/admin/finances/exports/${job.id}`, `/api/v1/admin/finances/exports/${job.id}/file`]) {
      const answer = await call(ctx.app, 'GET', path, undefined, as(colleague.token));
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().message).toBe('Exportação não encontrada.');
    }
    // A finance export is not a donations export.
    expect((await call(ctx.app, 'GET', `/api/v1/admin/donations/exports/${job.id}`, undefined, as())).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/finances/exports', undefined, as(colleague.token))).json()).toEqual([]);
    expect(await jobCount()).toBe(before);
  });
});

describe('the file expires', () => {
  it('is downloadable for 24 hours, then answers 410 and is deleted', async () => {
    const job = await ask('finances', { format: 'csv', period: { from: today, to: today } });
    await ready('finances', job.id);
    const [row] = await ctx.database.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(await storage.get(row?.storageKey as string)).not.toBeNull();

    // A day later (the last test: the clock does not go back); the morning's access token has expired.
    ctx.clock.advance(24 * 3_600_000);
    const again = await signIn(ctx.app, admin.input.email, admin.input.password);
    const late = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${job.id}/file`, undefined, as(again.token));
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Este arquivo não está mais disponível: peça a exportação de novo.');
    await runPendingExports(deps());
    expect(await storage.get(row?.storageKey as string)).toBeNull();
    const after = await call(ctx.app, 'GET', `/api/v1/admin/finances/exports/${job.id}`, undefined, as(again.token));
    expect(exportJobSchema.parse(after.json()).status).toBe('expired');
  });
});
