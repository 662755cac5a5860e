import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../../server/services/ledger';
import { enqueueMail } from '../../server/services/mail/mail-outbox';
import { familiesOf, labelValuesOf, sampleOf } from '../support/prometheus-text';
import { grantAdmin, newSession } from './helpers/fixtures';
import { adminRefund, cardDonation, createCampaign, donationBody, give } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const TOKEN = 'prometheus-scrapes-with-this-token';
const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let campaign: { id: string; slug: string; title: string };

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
  campaign = await createCampaign(ctx.database.db);
});
afterAll(() => ctx.close());

async function scrape(): Promise<string> {
  const response = await call(ctx.app, 'GET', '/metrics', undefined, { token: TOKEN });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

describe('GET /metrics: who may read it', () => {
  it('answers 401 without the token or with another, translated, and shows no figure', async () => {
    const missing = await call(ctx.app, 'GET', '/metrics');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'token.missing' });
    const wrong = await call(ctx.app, 'GET', '/metrics', undefined, { token: `${TOKEN}-not`, locale: 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'token.invalid' });
    expect(wrong.body).not.toContain('semear_');
    // A user's access token is not the scraper's.
    const donor = await newSession(ctx.app);
    expect((await call(ctx.app, 'GET', '/metrics', undefined, { token: donor.token })).statusCode).toBe(401);
  });

  it('answers 404 when no METRICS_TOKEN is configured, whatever the caller sends', async () => {
    const without = await ctx.buildAnotherApp({ METRICS_TOKEN: '' });
    for (const token of [undefined, TOKEN]) {
      const response = await call(without, 'GET', '/metrics', undefined, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('is not rate-limited: a scraper asking many times in a row is always answered', async () => {
    for (let i = 0; i < 12; i++) expect((await call(ctx.app, 'GET', '/metrics', undefined, { token: TOKEN })).statusCode).toBe(200);
  });
});

describe('what /metrics counts', () => {
  it('times requests by route pattern, never the raw URL, and not the scrapes themselves', async () => {
    const slug = campaign.slug;
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${slug}`)).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/v1/nao-existe-${Date.now()}`)).statusCode).toBe(404);
    const text = await scrape();
    const routes = labelValuesOf(text, 'http_request_duration_seconds_count', 'route');
    expect(routes).toContain('/api/v1/campaigns/:slug');
    expect(routes).toContain('(unmatched)');
    expect(routes.some((route) => route.includes(slug) || route.includes('nao-existe'))).toBe(false);
    expect(routes).not.toContain('/metrics');
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/campaigns/:slug', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a card donation moves semear_donations_total by one (confirmed, card, sandbox), and times the provider call', async () => {
    const confirmed = { method: 'card', provider: 'sandbox', status: 'confirmed' };
    const before = await scrape();
    await cardDonation(ctx.app, campaign, 2500);
    const after = await scrape();
    expect(sampleOf(after, 'semear_donations_total', confirmed) - sampleOf(before, 'semear_donations_total', confirmed)).toBe(1);
    const pending = { method: 'card', provider: 'sandbox', status: 'pending' };
    expect(sampleOf(after, 'semear_donations_total', pending) - sampleOf(before, 'semear_donations_total', pending)).toBe(1);
    const charge = { provider: 'sandbox', operation: 'chargeCard' };
    expect(
      sampleOf(after, 'semear_provider_call_duration_seconds_count', charge) -
        sampleOf(before, 'semear_provider_call_duration_seconds_count', charge),
    ).toBe(1);
  });

  it('a donation rolled back (the wallet short of money) counts nothing: counts wait for the commit', async () => {
    const session = await newSession(ctx.app);
    await ctx.database.db.transaction((tx) =>
      creditWallet(tx, {
        userId: session.user.id,
        amountCents: 1000,
        origin: 'gift_card',
        expiresAt: new Date(Date.now() + 90 * DAY_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `metrics-test:${session.user.id}`,
      }),
    );
    const before = await scrape();
    const short = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 5000 }), { token: session.token });
    expect(short.statusCode).toBe(422);
    const between = await scrape();
    for (const status of ['pending', 'confirmed'])
      expect(sampleOf(between, 'semear_donations_total', { method: 'wallet', status })).toBe(
        sampleOf(before, 'semear_donations_total', { method: 'wallet', status }),
      );
    const paid = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 1000 }), { token: session.token });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = await scrape();
    const confirmed = { method: 'wallet', provider: 'internal', status: 'confirmed' };
    expect(sampleOf(after, 'semear_donations_total', confirmed) - sampleOf(before, 'semear_donations_total', confirmed)).toBe(1);
  });

  it('a refund in full moves semear_refunds_total (succeeded) and the refunded donations by one, and times the provider refund', async () => {
    const admin = await newSession(ctx.app);
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const donationId = await cardDonation(ctx.app, campaign, 4000);
    const before = await scrape();
    const refunded = await adminRefund(ctx.app, admin.token, donationId, 4000);
    expect(refunded.statusCode, refunded.body).toBe(201);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved('semear_refunds_total', { method: 'card', provider: 'sandbox', status: 'succeeded' })).toBe(1);
    expect(moved('semear_donations_total', { method: 'card', provider: 'sandbox', status: 'refunded' })).toBe(1);
    expect(moved('semear_provider_call_duration_seconds_count', { provider: 'sandbox', operation: 'refund' })).toBe(1);
  });

  it('reads the queues, the database pool and the event loop on each scrape', async () => {
    const before = await scrape();
    // A message due two minutes ago that nothing sent (no mail loop runs in tests).
    const twoMinutesAgo = new Date(ctx.clock.now().getTime() - 120_000);
    await enqueueMail(ctx.database.db, { to: 'fila@exemplo.com.br', subject: 'Fila', text: 'Na fila.' }, twoMinutesAgo);
    const text = await scrape();
    expect(sampleOf(text, 'semear_queue_depth', { queue: 'mail' }) - sampleOf(before, 'semear_queue_depth', { queue: 'mail' })).toBe(1);
    expect(sampleOf(text, 'semear_queue_oldest_due_age_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(120);
    expect(text).toMatch(/^semear_queue_depth\{queue="webhooks"\} \d+$/m);
    expect(text).toMatch(/^semear_queue_depth\{queue="exports"\} \d+$/m);
    expect(sampleOf(text, 'semear_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^semear_db_pool_waiting \d+$/m);
    expect(text).toMatch(/^semear_realtime_connections \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
  });
});

describe('the Grafana dashboard (deploy/grafana-dashboard.json)', () => {
  it('is importable JSON whose every query names metrics /metrics has', async () => {
    const dashboard = JSON.parse(readFileSync(join(import.meta.dirname, '../../deploy/grafana-dashboard.json'), 'utf8')) as {
      title: string;
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.title).toBe('Semear');
    const families = familiesOf(await scrape());
    const queried = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) for (const name of metricNamesIn(expr)) queried.add(name);
    }
    expect(queried.size).toBeGreaterThanOrEqual(10);
    expect([...queried].filter((name) => !families.has(name))).toEqual([]);
  });
});

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'and', 'or', 'unless']);

/** The metric names a PromQL expression reads: what is left once strings, matchers, ranges, groupings and functions are taken out. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/\b[a-zA-Z_:][a-zA-Z0-9_:]*\b(?!\s*\()/g)].map((m) => m[0]).filter((word) => !PROMQL_WORDS.has(word));
}
