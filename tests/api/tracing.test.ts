import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { startTracing, tracingOn, type Tracing } from '../../server/tracing/tracing';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { cardDonation, createCampaign } from './helpers/giving';
import { createTestContext, TEST_ENV, type TestContext } from './helpers/test-app';

// Whether this file ever loaded the SDK's module (a vi.mock factory runs only when it is imported).
const sdkLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/tracing/tracing-sdk', async (importOriginal) => {
  sdkLoads.count++;
  return importOriginal();
});

// Building the app and its database is the slow part on a busy machine (the first build imports every route).
const SLOW_START_MS = 240_000;
const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;
type Receiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

const tracingEnv = () => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_SERVICE_NAME: 'semear-test',
  OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=segredo%20do%20coletor',
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, SLOW_START_MS);
  afterAll(() => ctx.close());

  it('sends nothing, never loads the SDK, and a donation still goes through', async () => {
    expect(ctx.config.tracing).toBeNull();
    expect(await startTracing(ctx.config.tracing)).toBeNull();
    const campaign = await createCampaign(ctx.database.db);
    await cardDonation(ctx.app, campaign, 2500);
    expect(tracingOn()).toBe(false);
    expect(sdkLoads.count).toBe(0);
    expect(receiver.bodies).toEqual([]);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let ctx: TestContext;
  let tracing: Tracing | null = null;
  beforeAll(async () => {
    const config = loadConfig(withGeneratedSecrets({ ...TEST_ENV, ...tracingEnv() }));
    // As start.ts does: tracing first, then the database (its clients are wrapped only while tracing is on).
    tracing = await startTracing(config.tracing);
    ctx = await createTestContext(tracingEnv());
  }, SLOW_START_MS);
  afterAll(async () => {
    await tracing?.shutdown();
    await ctx.close();
  });

  it('exports a card donation as one trace: the request, its statements and the provider call, under the caller’s traceparent', async () => {
    expect(sdkLoads.count).toBe(1);
    const campaign = await createCampaign(ctx.database.db);
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const email = `rastreio-${Date.now()}@exemplo.com.br`;
    // The donation's own request carries the caller's trace (the sandbox's card token request before it is another).
    const inject = ctx.app.inject.bind(ctx.app) as (options: InjectOptions) => Promise<unknown>;
    const withTraceparent = (options: InjectOptions) => {
      if (String(options.url ?? '').endsWith('/donations'))
        options.headers = { ...options.headers, traceparent: `00-${traceId}-${callerSpanId}-01` };
      return inject(options);
    };
    const spy = vi.spyOn(ctx.app, 'inject').mockImplementation(withTraceparent as never);
    await cardDonation(ctx.app, campaign, 2500, { email });
    spy.mockRestore();
    await tracing?.shutdown(); // flushes the batch

    const inTrace = receiver.spans.filter((span) => span.traceId === traceId);
    const request = inTrace.find((span) => span.kind === SERVER);
    expect(request, JSON.stringify(receiver.spans.map((s) => s.name))).toBeDefined();
    const server = request as ReceivedSpan;
    expect(server.name).toBe('POST /api/v1/campaigns/:slug/donations');
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/v1/campaigns/:slug/donations' });
    expect(Number(server.attributes['http.response.status_code'])).toBe(201);

    // Every statement and the provider call hang under the request span (directly or through another span).
    const byId = new Map(inTrace.map((span) => [span.spanId, span]));
    const under = (span: ReceivedSpan): boolean => {
      for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
        if (at.parentSpanId === server.spanId) return true;
      return false;
    };
    const statements = inTrace.filter((span) => span.kind === CLIENT && span.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.every(under)).toBe(true);
    expect(statements.map((span) => span.name)).toEqual(expect.arrayContaining(['INSERT', 'SELECT']));
    const provider = inTrace.find((span) => span.name === 'sandbox chargeCard');
    expect(provider, JSON.stringify(inTrace.map((s) => s.name))).toBeDefined();
    expect(under(provider as ReceivedSpan)).toBe(true);
    expect((provider as ReceivedSpan).attributes).toMatchObject({
      'semear.provider': 'sandbox',
      'semear.provider.operation': 'chargeCard',
      'semear.provider.outcome': 'ok',
    });
    expect((provider as ReceivedSpan).status?.code).not.toBe(ERROR);

    // Statement texts without values; no personal data or card data anywhere in what was exported.
    expect(statements.some((span) => String(span.attributes['db.query.text']).includes('$1'))).toBe(true);
    const exported = receiver.bodies.join('\n');
    for (const secret of [email, '52998224725', '529.982.247-25', 'Maria da Silva', '98765-4321', 'Avenida Paulista'])
      expect(exported).not.toContain(secret);
    // OTEL_EXPORTER_OTLP_HEADERS reached the collector, decoded.
    expect(receiver.headers.every((headers) => headers['x-api-key'] === 'segredo do coletor')).toBe(true);
    expect(receiver.resources.some((resource) => resource['service.name'] === 'semear-test')).toBe(true);
    expect(tracingOn()).toBe(false);
  });
});
