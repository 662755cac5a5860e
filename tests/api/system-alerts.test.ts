import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupRuns, exportJobs, mailOutbox, systemAlerts, users } from '../../server/db/schema';
import { clearAlertSignals } from '../../server/metrics/alert-signals';
import { createAlertChecks, type AlertChecks } from '../../server/services/alerts/alert-checks';
import { enqueueMail } from '../../server/services/mail/mail-outbox';
import { singleGateway } from '../../server/services/payments/gateways';
import { instrumentedGateways } from '../../server/services/payments/instrumented-gateways';
import { FakeGateway } from '../support/fake-gateway';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * The alerts to the admins (issue 51, item 3; docs/deploy.md, "Alerts"): each raised by what causes it, mailed
 * once to every admin in their language (the check run twice, two evaluators at once), and resolved when its
 * condition clears; raised again later is a new alert, mailed again.
 */

let ctx: TestContext;
let checks: AlertChecks;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  const [pt, en] = [await newSession(ctx.app), await newSession(ctx.app)];
  // Two admins: one reads Portuguese, the other English; a member with any permission or none is an admin here.
  await grantAdmin(ctx, pt.user.id, []);
  await grantAdmin(ctx, en.user.id, ['MANAGE_CAMPAIGNS']);
  await ctx.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, en.user.id));
  checks = newChecks();
  // What the sign-ups queued is sent already: only the alerts' mail is looked at.
  await ctx.database.db.update(mailOutbox).set({ status: 'sent' });
}, 240_000);
afterAll(() => ctx.close());
beforeEach(() => clearAlertSignals());

const newChecks = (config = ctx.config) => createAlertChecks({ db: ctx.database.db, translator: ctx.app.translator, config });
const alertMails = async () =>
  ctx.database.db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, priority: mailOutbox.priority })
    .from(mailOutbox)
    .where(like(mailOutbox.subject, '%Semear: %'));
const openAlerts = async (kind: string) =>
  (
    await ctx.database.db
      .select()
      .from(systemAlerts)
      .where(eq(systemAlerts.kind, kind as never))
  ).filter((row) => row.resolvedAt === null);
const allAlerts = async (kind: string) =>
  ctx.database.db
    .select()
    .from(systemAlerts)
    .where(eq(systemAlerts.kind, kind as never));
// A select without ORDER BY comes back in no set order (an updated row moves): what is new is told by its id.
const alertMailIds = async () => new Set((await alertMails()).map((mail) => mail.id));
const mailsSince = async (before: Set<string>) => (await alertMails()).filter((mail) => !before.has(mail.id));

describe('the ledger invariant', () => {
  it('raises an unbalanced group once, mails each admin once in their language, and resolves when it is balanced again', async () => {
    const { db } = ctx.database;
    const before = await alertMailIds();
    // Around the database's own guard (the deferred trigger), as a manual fix or a bad restore would be.
    const groupId = await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const account = await tx.execute(
        sql`insert into ledger_accounts (kind, owner_key) values ('gateway_clearing', 'alert-test') returning id::text as id`,
      );
      const accountId = (account as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
      const group = await tx.execute(
        sql`insert into ledger_groups (kind, reference) values ('donation', 'alert-test:1') returning id::text as id`,
      );
      const id = (group as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
      await tx.execute(sql`insert into ledger_entries (group_id, account_id, amount_cents) values (${id}::uuid, ${accountId}::uuid, 500)`);
      return { group: id, account: accountId };
    });
    await checks.checkDatabase(ctx.clock.now());
    await checks.checkDatabase(ctx.clock.now());
    const [open] = await openAlerts('ledger_unbalanced');
    expect(open).toMatchObject({ subject: 'ledger' });
    expect(open!.details).toMatchObject({ total_cents: 500, groups: [groupId.group] });
    expect(open!.mailedAt).not.toBeNull();
    const mails = await mailsSince(before);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Semear: alerta no sistema — o razão não fecha',
      'Semear: system alert — the ledger does not balance',
    ]);
    // Urgent: ahead of every other mail due.
    expect(mails.every((m) => m.priority < 0)).toBe(true);
    expect(mails.find((m) => m.subject.includes('ledger'))!.text).toContain('http://semear.test/admin/system');

    // The missing line is added to the same group: balanced again, resolved.
    await db.execute(
      sql`insert into ledger_entries (group_id, account_id, amount_cents) values (${groupId.group}::uuid, ${groupId.account}::uuid, -500)`,
    );
    await checks.checkDatabase(ctx.clock.now());
    expect(await openAlerts('ledger_unbalanced')).toHaveLength(0);
    expect((await allAlerts('ledger_unbalanced'))[0]!.resolvedAt).not.toBeNull();
  });
});

describe('a stuck queue', () => {
  it('raises a mail due 11 minutes ago once, and resolves it once it is sent; stuck again later is a new alert', async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now();
    const stuck = await enqueueMail(db, { to: 'someone@example.org', subject: 'Recibo', text: '…' }, new Date(now.getTime() - 11 * MINUTE));
    const before = await alertMailIds();
    // Two evaluators (two nodes) at once: one alert, one mail per admin.
    await Promise.all([checks.checkDatabase(now), newChecks().checkDatabase(now)]);
    await checks.checkDatabase(now);
    const [open] = await openAlerts('queue_stuck');
    expect(open).toMatchObject({ subject: 'mail' });
    expect(Number(open!.details.oldest_due_age_s)).toBeGreaterThanOrEqual(11 * 60);
    expect((await mailsSince(before)).map((m) => m.subject)).toHaveLength(2);

    await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, stuck));
    await checks.checkDatabase(now);
    expect(await openAlerts('queue_stuck')).toHaveLength(0);

    // Stuck again later: a new alert, mailed again.
    await enqueueMail(db, { to: 'someone@example.org', subject: 'Recibo 2', text: '…' }, new Date(now.getTime() - 12 * MINUTE));
    await checks.checkDatabase(now);
    expect(await allAlerts('queue_stuck')).toHaveLength(2);
    expect(await mailsSince(before)).toHaveLength(4);
    await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.status, 'pending'));
    await checks.checkDatabase(now);
    expect(await openAlerts('queue_stuck')).toHaveLength(0);
  });

  it('raises an export still queued 11 minutes after it was asked for, and resolves it once it runs', async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now();
    const exportAt = (minutesAgo: number) => ({
      kind: 'finances' as const,
      format: 'xlsx' as const,
      params: { from: '2026-01-01', to: '2026-12-31' },
      requestedBy: randomUUID(),
      fileName: 'financas.xlsx',
      createdAt: new Date(now.getTime() - minutesAgo * MINUTE),
    });
    // Queued for a few minutes behind other admins' exports: waiting its turn, no alert.
    const [waiting] = await db.insert(exportJobs).values(exportAt(3)).returning({ id: exportJobs.id });
    await checks.checkDatabase(now);
    expect(await openAlerts('queue_stuck')).toHaveLength(0);
    const [stuck] = await db.insert(exportJobs).values(exportAt(11)).returning({ id: exportJobs.id });
    await checks.checkDatabase(now);
    const [open] = await openAlerts('queue_stuck');
    expect(open).toMatchObject({ subject: 'exports', details: { depth: 2 } });
    expect(Number(open!.details.oldest_due_age_s)).toBeGreaterThanOrEqual(11 * 60);

    await db.update(exportJobs).set({ status: 'running' }).where(eq(exportJobs.id, stuck!.id));
    await checks.checkDatabase(now);
    expect(await openAlerts('queue_stuck')).toHaveLength(0);
    await db.update(exportJobs).set({ status: 'ready' }).where(eq(exportJobs.id, waiting!.id));
  });
});

describe('backups of the embedded database', () => {
  it('raises an old success and then a failure as one alert, and resolves on a new success', async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    await checks.checkDatabase(now);
    expect(await openAlerts('backup_missing')).toHaveLength(0);
    const before = await alertMailIds();
    await db.insert(backupRuns).values({
      trigger: 'schedule',
      status: 'succeeded',
      target: 'folder',
      startedAt: hoursAgo(27),
      finishedAt: hoursAgo(27),
      sizeBytes: 1000,
    });
    await checks.checkDatabase(now);
    expect((await openAlerts('backup_missing'))[0]!.details).toMatchObject({ reason: 'stale' });
    await db.insert(backupRuns).values({
      trigger: 'schedule',
      status: 'failed',
      target: 'folder',
      startedAt: hoursAgo(1),
      finishedAt: hoursAgo(1),
      error: 'ENOSPC: no space left on device',
    });
    await checks.checkDatabase(now);
    const [open] = await openAlerts('backup_missing');
    expect(open!.details).toMatchObject({ reason: 'failed', error: 'ENOSPC: no space left on device' });
    // The same open alert, its figures refreshed: mailed once.
    expect(await mailsSince(before)).toHaveLength(2);

    await db.insert(backupRuns).values({
      trigger: 'manual',
      status: 'succeeded',
      target: 'folder',
      startedAt: hoursAgo(0.1),
      finishedAt: hoursAgo(0.05),
      sizeBytes: 2000,
    });
    await checks.checkDatabase(now);
    expect(await openAlerts('backup_missing')).toHaveLength(0);
  });

  it('does not apply on PostgreSQL (DATABASE_URL): its backups are the database’s own', async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now();
    await db
      .insert(backupRuns)
      .values({ trigger: 'schedule', status: 'failed', target: 'folder', startedAt: now, finishedAt: now, error: 'x' });
    await newChecks({ ...ctx.config, databaseUrl: 'postgres://elsewhere/db' }).checkDatabase(now);
    expect(await openAlerts('backup_missing')).toHaveLength(0);
    await db
      .insert(backupRuns)
      .values({ trigger: 'manual', status: 'succeeded', target: 'folder', startedAt: now, finishedAt: now, sizeBytes: 1 });
  });
});

describe('the API Pix client certificate', () => {
  it('raises one expiring in 10 days, and resolves once a certificate for a year is configured', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'semear-cert-'));
    const make = (days: number) => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          String(days),
          '-subj',
          '/CN=semear-test',
          '-keyout',
          join(folder, 'key.pem'),
          '-out',
          join(folder, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      return readFileSync(join(folder, 'cert.pem'));
    };
    const withCert = (cert: Buffer) => ({
      ...ctx.config,
      payments: {
        ...ctx.config.payments,
        apiPix: { apiUrl: 'https://pix.test', tokenUrl: 'https://pix.test/oauth', clientId: 'c', clientSecret: 's', tls: { cert } },
      },
    });
    try {
      const now = ctx.clock.now();
      const before = await alertMailIds();
      const soon = newChecks(withCert(make(10)));
      await soon.checkDatabase(now);
      await soon.checkDatabase(now);
      const [open] = await openAlerts('certificate_expiring');
      expect(open).toMatchObject({ subject: 'api-pix' });
      expect(open!.details.days_left).toBeGreaterThanOrEqual(9);
      expect(open!.details.days_left).toBeLessThanOrEqual(10);
      const mails = await mailsSince(before);
      expect(mails).toHaveLength(2);
      expect(mails.some((m) => m.text.includes('API Pix'))).toBe(true);
      await newChecks(withCert(make(365))).checkDatabase(now);
      expect(await openAlerts('certificate_expiring')).toHaveLength(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

class DownGateway extends FakeGateway {
  override async lookup(): Promise<never> {
    throw new Error('503 Service Unavailable');
  }
}

describe('what each node counts', () => {
  it('raises a provider failing 10 times in 5 minutes once, and resolves it once no node saw it for 5 minutes', async () => {
    const gateways = instrumentedGateways(singleGateway(new DownGateway('down-provider')));
    for (let i = 0; i < 9; i++) await expect(gateways.for('card').lookup(`key-${i}`)).rejects.toThrow('503');
    const now = ctx.clock.now();
    await checks.checkNode(now);
    expect(await openAlerts('provider_errors')).toHaveLength(0);
    await expect(gateways.for('card').lookup('key-10')).rejects.toThrow('503');
    const before = await alertMailIds();
    await Promise.all([checks.checkNode(now), newChecks().checkNode(now)]);
    await checks.checkNode(now);
    const [open] = await openAlerts('provider_errors');
    expect(open).toMatchObject({ subject: 'down-provider' });
    expect(open!.details).toMatchObject({ errors: 10, calls: 10, threshold: 10 });
    expect(await mailsSince(before)).toHaveLength(2);

    // The errors stop: another node without them does not resolve it before 5 quiet minutes.
    clearAlertSignals();
    await checks.checkNode(new Date(now.getTime() + MINUTE));
    expect(await openAlerts('provider_errors')).toHaveLength(1);
    await checks.checkNode(new Date(now.getTime() + 6 * MINUTE));
    expect(await openAlerts('provider_errors')).toHaveLength(0);
  });

  it('raises a burst of 20 provider webhooks with a bad signature through the real route', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          'webhook-id': `msg_${i}`,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,Zm9yZ2Vk',
        },
        payload: JSON.stringify({ type: 'payment.confirmed', id: `evt_${i}` }),
      });
      expect(answer.statusCode).toBe(400);
    }
    const now = ctx.clock.now();
    const before = await alertMailIds();
    await checks.checkNode(now);
    await checks.checkNode(now);
    const [open] = await openAlerts('webhook_signatures');
    expect(open).toMatchObject({ subject: 'sandbox' });
    expect(open!.details).toMatchObject({ failures: 20 });
    expect(await mailsSince(before)).toHaveLength(2);
    clearAlertSignals();
    await checks.checkNode(new Date(now.getTime() + 6 * MINUTE));
    expect(await openAlerts('webhook_signatures')).toHaveLength(0);
  });
});
