import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_LIMITS } from '../../server/http/public-cache';
import { PUBLIC_CACHE_CONTROL } from '../../server/http/public-answer';
import { give, insertCampaign, type CampaignRow } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { cardDonation } from './helpers/giving';
import { minimalBuild } from './helpers/minimal-build';
import { answeredAgainFromMemory, listeningNode, loggingNode, type SocketAnswer } from './helpers/over-socket';
import { createTestContext, type TestContext } from './helpers/test-app';

const distDir = minimalBuild();

let ctx: TestContext;
let campaign: CampaignRow;
/** A node on the same database, listening: the front door only meets requests that come over a socket. */
let node: FastifyInstance;
let get: Awaited<ReturnType<typeof listeningNode>>['request'];
let askedTwice: (path: string, headers?: Record<string, string>) => Promise<SocketAnswer>;

beforeAll(async () => {
  ctx = await createTestContext({}, { distDir });
  // A story of a real campaign's length: its page is large enough to be sent compressed.
  const story = `<p>${'Canteiros, sementes e mutirões aos sábados para o bairro inteiro. '.repeat(40)}</p>`;
  campaign = await insertCampaign(ctx.database.db, { title: 'Horta comunitária', story });
  node = await ctx.buildAnotherApp();
  get = (await listeningNode(node)).request;
  askedTwice = (path, headers) => answeredAgainFromMemory(get, path, headers);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const raisedOf = async () => JSON.parse((await get(`/api/v1/campaigns/${campaign.slug}`)).body.toString()).raised as number;

describe('the front door: public reads answered before Fastify', () => {
  it('sends again, byte for byte, what Fastify sent for a campaign, a list, categories, totals and a campaign’s page', async () => {
    const paths = [
      `/api/v1/campaigns/${campaign.slug}`,
      '/api/v1/campaigns?q=horta',
      '/api/v1/categories',
      '/api/v1/stats/totals',
      `/${campaign.slug}`,
      `/${campaign.slug}?utm_source=whatsapp`,
    ];
    for (const path of paths) {
      const again = await askedTwice(path);
      expect(again.status, path).toBe(200);
      expect(again.headers['cache-control'], path).toBe(PUBLIC_CACHE_CONTROL);
      expect(again.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('keeps each language and encoding apart, each exactly as Fastify sent it', async () => {
    const path = `/api/v1/campaigns/${campaign.slug}`;
    const kinds: Array<Record<string, string>> = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'accept-language': 'es' },
    ];
    const answers = [];
    for (const headers of kinds) answers.push(await askedTwice(path, headers));
    expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['br', 'gzip', undefined, undefined, undefined]);
    // Plain bodies differ by language only where a name is translated; the encodings always differ.
    expect(answers[0]?.body.equals(answers[1]?.body ?? Buffer.alloc(0))).toBe(false);
  });

  it('answers a current If-None-Match with the same 304 Fastify gave, and a stale one with the 200', async () => {
    const path = `/api/v1/campaigns/${campaign.slug}`;
    const page = await get(path);
    const etag = page.headers.etag as string;
    const notModified = await askedTwice(path, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const stale = await get(path, { 'if-none-match': 'W/"older"' });
    expect(stale.byFastify).toBe(false);
    expect(stale.status).toBe(200);
    expect(stale.body.equals(page.body)).toBe(true);
  });

  it('leaves to Fastify every request that carries credentials or a cookie, a HEAD, and a GET with a body', async () => {
    const path = `/api/v1/campaigns/${campaign.slug}`;
    await askedTwice(path);
    const { token } = await newSession(ctx.app);
    const signedIn = await get(path, { authorization: `Bearer ${token}` });
    expect(signedIn.byFastify).toBe(true);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const withCookie = await get(path, { cookie: 'semear.locale=en' });
    expect(withCookie.byFastify).toBe(true);
    expect((await get(path, {}, 'HEAD')).byFastify).toBe(true);
    expect((await get(path, { 'content-length': '0' })).byFastify).toBe(true);
  });

  it('shows a donation at once: through this node, through another node, and written straight in the database', async () => {
    const before = await raisedOf();
    expect((await get(`/api/v1/campaigns/${campaign.slug}`)).byFastify).toBe(false);
    await cardDonation(node, campaign, 2_000);
    expect(await raisedOf()).toBe(before + 2_000);
    await cardDonation(ctx.app, campaign, 1_500);
    await expect.poll(raisedOf, { timeout: 5000 }).toBe(before + 3_500);
    await give(ctx.database.db, campaign.id, { amountCents: 700 });
    await expect.poll(raisedOf, { timeout: 5000 }).toBe(before + 4_200);
    const html = (await askedTwice(`/${campaign.slug}`)).body.toString();
    expect(html).toContain(`"raised":${before + 4_200}`);
  });

  it('asks Fastify again once the kept answer is too old, though nothing was written', async () => {
    const path = `/api/v1/campaigns/${campaign.slug}`;
    await askedTwice(path);
    ctx.clock.advance(PUBLIC_CACHE_LIMITS.maxAgeMs + 1);
    expect((await get(path)).byFastify).toBe(true);
    expect((await get(path)).byFastify).toBe(false);
  });

  it('never answers a 404 or a redirect from memory', async () => {
    for (const path of ['/api/v1/campaigns/nao-existe', '/api/v1/nothing-here']) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path)).byFastify, path).toBe(true);
    }
  });

  it('writes a line for each request it answers, as Fastify does for the others', async () => {
    const { request, logs, fromMemory: linesFromMemory } = await loggingNode((env, options) => ctx.buildAnotherApp(env, options));
    const path = `/api/v1/campaigns/${campaign.slug}?token=segredo`;
    const proxied = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 2; i += 1) expect((await request(path, proxied)).status).toBe(200);
    const fromMemory = linesFromMemory();
    expect(fromMemory).toHaveLength(1);
    expect(fromMemory[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: `/api/v1/campaigns/${campaign.slug}?token=%5Bredacted%5D` },
      res: { statusCode: 200 },
      forwardedFor: '203.0.113.7',
    });
    expect(logs()).not.toContain('segredo');
  });
});
