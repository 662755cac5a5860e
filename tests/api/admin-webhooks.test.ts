import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliverySchema, webhookEndpointSchema, webhookSecretSchema } from '../../contracts/admin-webhooks';
import { auditLog, mailOutbox, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import { createTranslator } from '../../server/i18n/translator';
import { deliverDueWebhooks, RETRY_SCHEDULE_MS, retryDelay, type DeliveryDeps } from '../../server/services/webhooks/deliver-webhooks';
import { emitWebhookEvent } from '../../server/services/webhooks/emit-webhook-event';
import { isPublicAddress } from '../../server/services/webhooks/ssrf-guard';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Outgoing webhooks (issue 14): endpoints and their secret, deliveries signed as Standard Webhooks says
 * (checked by the `standardwebhooks` library on a local receiver), retries with backoff, jitter and
 * Retry-After on a controllable clock, 410 switching the endpoint off, the SSRF guard, rotation,
 * replays, the test event, and the three permissions on every call.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A receiver on this machine: answers each request with the next planned answer (200 once the plan runs out). */
class Receiver {
  received: Received[] = [];
  plan: Array<{ status: number; headers?: Record<string, string> }> = [];
  private server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body, path: req.url ?? '' });
      const next = this.plan.shift() ?? { status: 200 };
      res.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers });
      res.end(`ok ${next.status}`);
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let receiver: Receiver;
let deps: DeliveryDeps;
beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  admin = await newSession(ctx.app, { name: 'Rita Integrações' });
  await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
  receiver = new Receiver();
  await receiver.start();
  deps = { db: ctx.database.db, translator: createTranslator(), config: ctx.config, random: () => 0.5 };
});
afterAll(async () => {
  await receiver.stop();
  await ctx.close();
});
afterEach(async () => {
  // Each test sees only its own endpoints.
  await ctx.database.db.delete(webhookEndpoints);
  receiver.received = [];
  receiver.plan = [];
});

const as = (token = admin.token) => ({ token });
const db = () => ctx.database.db;
async function createEndpoint(events: string[] = ['donation.*'], path = '/hook') {
  const answer = await call(ctx.app, 'POST', '/api/v1/admin/webhooks', { url: `${receiver.url}${path}`, events, description: 'ERP' }, as());
  expect(answer.statusCode, answer.body).toBe(201);
  return webhookSecretSchema.parse(answer.json());
}
const at = (offsetMs: number) => new Date(ctx.clock.now().getTime() + offsetMs);
const deliveriesOf = async (endpointId: string) =>
  webhookDeliverySchema
    .array()
    .parse((await call(ctx.app, 'GET', `/api/v1/admin/webhooks/${endpointId}/deliveries`, undefined, as())).json());

describe('deliveries', () => {
  it('tells an endpoint of a confirmed donation, signed so the standardwebhooks library accepts it', async () => {
    const { endpoint, secret } = await createEndpoint(['donation.confirmed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = webhookEndpointSchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/webhooks', undefined, as())).json());
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed[0]).toMatchObject({ id: endpoint.id, enabled: true, secret_hint: `${secret.slice(0, 10)}…` });

    const campaign = await createCampaign(db());
    const gift = await give(
      ctx.app,
      campaign.slug,
      donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }),
    );
    expect(gift.statusCode, gift.body).toBe(201);
    expect(await deliverDueWebhooks(deps, at(1000))).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
    const verified = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      data: { id: string; amount: number; campaign: { slug: string } };
    };
    expect(verified).toMatchObject({
      type: 'donation.confirmed',
      data: { id: gift.json().donation.id, campaign: { slug: campaign.slug } },
    });
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, event: 'donation.confirmed' });
    expect(delivery?.history[0]).toMatchObject({ status_code: 200, response_body: 'ok 200' });
    expect(delivery?.history[0]?.request_headers['webhook-signature']).toMatch(/^v1,/);
  });

  it('retries with backoff and jitter, waits as long as Retry-After says, and stops after about 3 days', async () => {
    const { endpoint } = await createEndpoint(['webhook.test']);
    receiver.plan = [{ status: 500 }, { status: 503, headers: { 'retry-after': '600' } }, { status: 200 }];
    await emitWebhookEvent(db(), 'webhook.test', { n: 1 }, ctx.clock.now(), endpoint.id);
    await deliverDueWebhooks(deps, at(0));
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    // 5 s with jitter (random 0.5: exactly 5 s).
    expect(new Date(first?.next_attempt_at as string).getTime() - ctx.clock.now().getTime()).toBe(5000);
    expect(await deliverDueWebhooks(deps, at(4000))).toBe(0);
    expect(await deliverDueWebhooks(deps, at(5000))).toBe(1);
    // The schedule says 5 min; the receiver asked for 10.
    const [second] = await deliveriesOf(endpoint.id);
    expect(new Date(second?.next_attempt_at as string).getTime() - at(5000).getTime()).toBe(600_000);
    expect(await deliverDueWebhooks(deps, at(5000 + 300_000))).toBe(0);
    expect(await deliverDueWebhooks(deps, at(5000 + 600_000))).toBe(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(receiver.received).toHaveLength(3);

    // The whole schedule, with ±20% jitter.
    const total = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total / 3_600_000).toBeCloseTo(75.6, 0);
    expect(retryDelay(1, null, () => 0)).toBe(4000);
    expect(retryDelay(1, null, () => 1)).toBe(6000);
    expect(retryDelay(RETRY_SCHEDULE_MS.length + 1, null)).toBeNull();
  });

  it('switches an endpoint off on a 410 and tells the admins who run webhooks', async () => {
    const { endpoint } = await createEndpoint(['webhook.test']);
    receiver.plan = [{ status: 410 }];
    await emitWebhookEvent(db(), 'webhook.test', {}, ctx.clock.now(), endpoint.id);
    await deliverDueWebhooks(deps, at(0));
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed' });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, admin.user.email));
    expect(mails.map((m) => m.subject)).toContain(`Semear: o webhook ${receiver.url}/hook foi desligado`);
    // Off: new events are not even written for it.
    expect(await emitWebhookEvent(db(), 'donation.confirmed', {}, ctx.clock.now())).toBeNull();
  });

  it('switches off an endpoint that has failed for 3 days', async () => {
    const { endpoint } = await createEndpoint(['webhook.test']);
    receiver.plan = Array.from({ length: 20 }, () => ({ status: 500 }));
    await emitWebhookEvent(db(), 'webhook.test', {}, ctx.clock.now(), endpoint.id);
    await deliverDueWebhooks(deps, at(0));
    await emitWebhookEvent(db(), 'webhook.test', {}, at(3 * 24 * 3_600_000), endpoint.id);
    await deliverDueWebhooks(deps, at(3 * 24 * 3_600_000));
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' });
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const { endpoint, secret: old } = await createEndpoint(['webhook.test']);
    const rotated = await call(ctx.app, 'POST', `/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, undefined, as());
    const { secret } = webhookSecretSchema.parse(rotated.json());
    expect(secret).not.toBe(old);
    await emitWebhookEvent(db(), 'webhook.test', {}, ctx.clock.now(), endpoint.id);
    await deliverDueWebhooks(deps, at(0));
    const during = receiver.received[0] as Received;
    expect(() => new Webhook(old).verify(during.body, during.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(secret).verify(during.body, during.headers as Record<string, string>)).not.toThrow();
    await emitWebhookEvent(db(), 'webhook.test', {}, at(25 * 3_600_000), endpoint.id);
    await deliverDueWebhooks(deps, at(25 * 3_600_000));
    const after = receiver.received[1] as Received;
    // The library checks the timestamp against the real clock: verify as of the delivery's moment.
    const headers = after.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });

  it('replays one delivery or a range, and sends a test event to one endpoint', async () => {
    const { endpoint } = await createEndpoint(['donation.*']);
    const test = await call(ctx.app, 'POST', `/api/v1/admin/webhooks/${endpoint.id}/test`, undefined, as());
    expect(test.statusCode).toBe(202);
    await deliverDueWebhooks(deps, at(0));
    expect(JSON.parse((receiver.received[0] as Received).body)).toMatchObject({ type: 'webhook.test' });
    const [delivery] = await deliveriesOf(endpoint.id);
    const one = await call(ctx.app, 'POST', `/api/v1/admin/webhooks/${endpoint.id}/replay`, { delivery_id: delivery?.id }, as());
    expect(one.json()).toEqual({ replayed: 1 });
    await deliverDueWebhooks(deps, at(1000));
    expect(receiver.received).toHaveLength(2);
    // The same message id: receivers deduplicate on it.
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    const range = await call(
      ctx.app,
      'POST',
      `/api/v1/admin/webhooks/${endpoint.id}/replay`,
      { since: at(-60_000).toISOString(), until: at(60_000).toISOString() },
      as(),
    );
    expect(range.json()).toEqual({ replayed: 1 });
    expect((await deliveriesOf(endpoint.id))[0]?.history).toHaveLength(2);
  });
});

describe('the SSRF guard', () => {
  it('knows the addresses that are not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses internal addresses when entered, and at delivery (without following redirects)', async () => {
    const guarded = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' });
    try {
      const own = await newSession(guarded.app);
      await grantAdmin(guarded, own.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
      for (const url of [
        'http://127.0.0.1:8080/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'http://localhost/hook',
        'http://10.0.0.5/',
        // IPv6 spellings that carry an internal IPv4 address (issue 48): translated, 6to4, NAT64, Teredo.
        'http://[::ffff:0:7f00:1]/',
        'http://[2002:7f00:1::1]/',
        'https://[2002:a00:5::1]:8443/hook',
        'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
        'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
      ]) {
        const answer = await call(guarded.app, 'POST', '/api/v1/admin/webhooks', { url, events: ['*'] }, { token: own.token });
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json().message).toBe('Este endereço é da rede interna: webhooks só vão para endereços públicos.');
      }
      expect(await guarded.database.db.select().from(webhookEndpoints)).toHaveLength(0);
      // 6to4 carrying a public address (8.8.8.8) is a public address.
      const sixToFour = await call(
        guarded.app,
        'POST',
        '/api/v1/admin/webhooks',
        { url: 'https://[2002:808:808::1]/hook', events: ['*'] },
        { token: own.token },
      );
      expect(sixToFour.statusCode, sixToFour.body).toBe(201);
      await guarded.database.db.delete(webhookEndpoints);
      // A name that resolves inside is refused when sent: the receiver never hears of it.
      const created = await call(
        guarded.app,
        'POST',
        '/api/v1/admin/webhooks',
        { url: 'https://erp.example.com/hook', events: ['*'] },
        { token: own.token },
      );
      const id = webhookSecretSchema.parse(created.json()).endpoint.id;
      await guarded.database.db
        .update(webhookEndpoints)
        .set({ url: `${receiver.url}/inside` })
        .where(eq(webhookEndpoints.id, id));
      await emitWebhookEvent(guarded.database.db, 'webhook.test', {}, guarded.clock.now(), id);
      await deliverDueWebhooks({ ...deps, db: guarded.database.db, config: guarded.config }, guarded.clock.now());
      expect(receiver.received).toHaveLength(0);
      const [row] = await guarded.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await guarded.close();
    }
  });

  it('does not follow a redirect: a 3xx is an answer, retried like a failure', async () => {
    const { endpoint } = await createEndpoint(['webhook.test']);
    receiver.plan = [{ status: 302, headers: { location: `${receiver.url}/elsewhere` } }];
    await emitWebhookEvent(db(), 'webhook.test', {}, ctx.clock.now(), endpoint.id);
    await deliverDueWebhooks(deps, at(0));
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 1, history: [{ status_code: 302 }] });
  });
});

describe('the admin API', () => {
  it('refuses bad endpoints with a clear message and writes nothing', async () => {
    const before = Number(
      (
        await db()
          .select({ n: sql`count(*)` })
          .from(auditLog)
      )[0]?.n,
    );
    const cases: Array<[unknown, string]> = [
      [{ url: 'ftp://erp.example.com', events: ['*'] }, 'Informe um endereço http ou https válido'],
      [{ url: 'https://user:pw@erp.example.com', events: ['*'] }, 'Informe um endereço http ou https válido'],
      [{ url: 'https://erp.example.com', events: [] }, 'Escolha pelo menos um evento'],
      [{ url: 'https://erp.example.com', events: ['donation.exploded'] }, 'Escolha eventos da lista'],
      [{ url: 'https://erp.exa\u0000mple.com', events: ['*'] }, 'Este campo contém caracteres inválidos'],
      // Every event stands alone, and a family without its own events (issue 22).
      [{ url: 'https://erp.example.com', events: ['*', 'donation.confirmed'] }, 'Escolha “Todos os eventos” sozinho'],
      [{ url: 'https://erp.example.com', events: ['donation.*', 'donation.refunded'] }, 'Escolha “Todos os eventos” sozinho'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(ctx.app, 'POST', '/api/v1/admin/webhooks', body, as());
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json().message)).toContain(message);
    }
    expect(await db().select().from(webhookEndpoints)).toHaveLength(0);
    expect(
      Number(
        (
          await db()
            .select({ n: sql`count(*)` })
            .from(auditLog)
        )[0]?.n,
      ),
    ).toBe(before);
    expect(
      (await call(ctx.app, 'PATCH', '/api/v1/admin/webhooks/0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e', { enabled: false }, as())).statusCode,
    ).toBe(404);
  });

  it('edits, switches off and on, deletes, each on record without the secret', async () => {
    const { endpoint, secret } = await createEndpoint();
    const overlapping = await call(
      ctx.app,
      'PATCH',
      `/api/v1/admin/webhooks/${endpoint.id}`,
      { events: ['*', 'gift_card.redeemed'] },
      as(),
    );
    expect(overlapping.statusCode).toBe(400);
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/admin/webhooks/${endpoint.id}`, { enabled: false, events: ['*'] }, as())).statusCode,
    ).toBe(204);
    const [off] = webhookEndpointSchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/webhooks', undefined, as())).json());
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'admin', events: ['*'] });
    expect((await call(ctx.app, 'POST', `/api/v1/admin/webhooks/${endpoint.id}/test`, undefined, as())).statusCode).toBe(409);
    expect((await call(ctx.app, 'DELETE', `/api/v1/admin/webhooks/${endpoint.id}`, undefined, as())).statusCode).toBe(204);
    const entries = await db().select().from(auditLog).where(eq(auditLog.subjectId, endpoint.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['webhook.created', 'webhook.deleted', 'webhook.updated']);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('every call needs ADMIN with MANAGE_USERS, MANAGE_FINANCES and MANAGE_CAMPAIGNS', async () => {
    const { endpoint } = await createEndpoint();
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/webhooks', undefined],
      ['POST', '/api/v1/admin/webhooks', { url: 'https://erp.example.com', events: ['*'] }],
      ['PATCH', `/api/v1/admin/webhooks/${endpoint.id}`, { enabled: false }],
      ['DELETE', `/api/v1/admin/webhooks/${endpoint.id}`, undefined],
      ['POST', `/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, undefined],
      ['POST', `/api/v1/admin/webhooks/${endpoint.id}/test`, undefined],
      ['GET', `/api/v1/admin/webhooks/${endpoint.id}/deliveries`, undefined],
      ['POST', `/api/v1/admin/webhooks/${endpoint.id}/replay`, { since: at(-1).toISOString(), until: at(1).toISOString() }],
    ];
    const donor = await newSession(ctx.app);
    const partial = await Promise.all(
      (['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const).map(async (missing) => {
        const session = await newSession(ctx.app);
        await grantAdmin(
          ctx,
          session.user.id,
          (['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_TEAM'] as const).filter((p) => p !== missing),
        );
        return session;
      }),
    );
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(donor.token))).statusCode, `${method} ${url} donor`).toBe(403);
      for (const session of partial)
        expect((await call(ctx.app, method as 'GET', url, body, as(session.token))).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true });
  });
});
