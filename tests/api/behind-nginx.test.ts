import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema } from '../../contracts/admin-taxonomy';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { grantAdmin, newSession, signUp } from './helpers/fixtures';
import { startNginx } from './helpers/nginx';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * The documented deployment (compose.yaml): the real nginx with the shipped deploy/nginx.conf in front of a
 * listening node that trusts nginx's address only. Every request carries an X-Forwarded-For of the client's own,
 * different each time; nginx must replace it with the address it saw, so the limits still come at the
 * configured count and the audit log names where the request came from. nginx must be installed
 * (nginx-light; .ci/run installs it).
 */
const LIMIT = 3;
const NGINX_ADDRESS = '127.0.0.1';
const METRICS_TOKEN = 'nginx-test-metrics-token-0123456789';

let ctx: TestContext;
let node: FastifyInstance;
let nginx: Awaited<ReturnType<typeof startNginx>>;
beforeAll(async () => {
  // Set-up calls go to ctx.app, which has the test suite's high limits and its own counts.
  ctx = await createTestContext();
  node = await ctx.buildAnotherApp({
    AUTH_RATE_LIMIT_MAX: String(LIMIT),
    PAYMENT_RATE_LIMIT_MAX: String(LIMIT),
    TRUST_PROXY: NGINX_ADDRESS,
    METRICS_TOKEN,
  });
  await node.listen({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx((node.server.address() as AddressInfo).port);
});
afterAll(async () => {
  await nginx?.stop();
  await ctx?.close();
});

let forgedCount = 0;
/** A made-up client address, never the same twice (as a script resetting its limits would send). */
const forged = () => {
  forgedCount += 1;
  return `198.51.${Math.floor(forgedCount / 250)}.${(forgedCount % 250) + 1}`;
};

/** A JSON call through nginx with a forged X-Forwarded-For. */
async function viaNginx(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': forged() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${nginx.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The statuses of `times` calls made one after another. */
async function statusesOf(times: number, send: () => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await send()).status);
  return statuses;
}

const limitedAfter = (status: number) => [...Array<number>(LIMIT).fill(status), 429, 429, 429];

describe('behind the shipped nginx, a forged X-Forwarded-For', () => {
  it('does not reset the limit on wrong passwords: 429 at the limit, and it stays', async () => {
    const { input } = await signUp(ctx.app);
    const wrong = { email: input.email, password: 'senha-errada-123' };
    expect(await statusesOf(LIMIT + 3, () => viaNginx('POST', '/api/v1/sessions', wrong))).toEqual(limitedAfter(401));
    expect(await viaNginx('POST', '/api/v1/sessions', { email: input.email, password: input.password })).toEqual({
      status: 429,
      body: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' },
    });
  });

  it('does not reset the limit on gift-card code look-ups', async () => {
    const lookUp = () => viaNginx('GET', `/api/v1/gift-cards/${crypto.randomUUID()}`);
    expect(await statusesOf(LIMIT + 3, lookUp)).toEqual(limitedAfter(404));
  });

  it('does not reset the limit on card tokenisation', async () => {
    const card = SANDBOX_TEST_CARDS.visaApproved;
    const tokenise = () =>
      viaNginx('POST', '/sandbox-gateway/v1/tokens', {
        card_number: card.number,
        exp_date: '12/34',
        cvv: card.cvv,
        holder_name: 'Maria da Silva',
        holder_document: '52998224725',
      });
    expect(await statusesOf(LIMIT + 3, tokenise)).toEqual(limitedAfter(201));
  });

  it("is not what the audit log records: it records nginx's view of the client", async () => {
    const admin = await newSession(ctx.app);
    await grantAdmin(ctx, admin.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_TEAM']);
    const made = await viaNginx('POST', '/api/v1/admin/categories', { name: `Proxy ${forgedCount}` }, admin.token);
    expect(made.status).toBe(201);
    const { slug } = made.body as { slug: string };
    const read = await viaNginx('GET', `/api/v1/admin/audit-log?subject_type=category&subject_id=${slug}`, undefined, admin.token);
    const [entry] = auditEntrySchema.array().parse(read.body);
    expect(entry).toMatchObject({ action: 'category.created', ip: NGINX_ADDRESS });
  });
});

describe('a client reaching the node around nginx', () => {
  it('is counted by its own address, whatever X-Forwarded-For it sends', async () => {
    const direct = () =>
      node.inject({
        method: 'GET',
        url: `/api/v1/gift-cards/${crypto.randomUUID()}`,
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': forged() },
      });
    expect(await statusesOf(LIMIT + 1, async () => ({ status: (await direct()).statusCode }))).toEqual([404, 404, 404, 429]);
  });
});

describe('/metrics', () => {
  const scrape = (base: string) => fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

  it('is refused by nginx even with the token, and answered by the node on the private side', async () => {
    const throughNginx = await scrape(nginx.url);
    expect(throughNginx.status).toBe(404);
    expect(await throughNginx.text()).not.toContain('semear_donations_total');
    const direct = await scrape(`http://127.0.0.1:${(node.server.address() as AddressInfo).port}`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('semear_donations_total');
  });
});
