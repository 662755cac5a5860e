import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { PUBLIC_CACHE_CONTROL } from '../../server/http/public-answer';
import { give as giveStraight, insertCampaign, insertCategory, type CampaignRow } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { cardDonation } from './helpers/giving';
import { minimalBuild } from './helpers/minimal-build';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const distDir = minimalBuild();

let ctx: TestContext;
let campaign: CampaignRow;
/** A second node on the same database: its cache hears of app A's commits only through NOTIFY. */
let other: FastifyInstance;
/** App C's statements: each select the repository runs, counted on the real database. */
let selects = 0;
let counted: FastifyInstance;

/** The database, counting every select it is asked for (the cache's hits must ask for none). */
const countingSelects = (db: Database): Database =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') selects += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

beforeAll(async () => {
  ctx = await createTestContext({}, { distDir });
  campaign = await insertCampaign(ctx.database.db, { title: 'Cozinha do bairro' });
  other = await ctx.buildAnotherApp();
  counted = await ctx.buildAnotherApp({}, { db: countingSelects(ctx.database.db) });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const read = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => call(app, 'GET', url, undefined, { headers });
const raisedOf = async (app: FastifyInstance) => (await read(app, `/api/v1/campaigns/${campaign.slug}`)).json().raised as number;
const listedRaised = async (app: FastifyInstance) =>
  ((await read(app, '/api/v1/campaigns?sort=recent')).json() as Array<{ slug: string; raised: number }>).find(
    (c) => c.slug === campaign.slug,
  )?.raised;
const totalRaised = async (app: FastifyInstance) => (await read(app, '/api/v1/stats/totals')).json().raised as number;

describe('public reads from memory', () => {
  it('answers a campaign, a list, categories and totals again without asking the database', async () => {
    const urls = [`/api/v1/campaigns/${campaign.slug}`, '/api/v1/campaigns?q=cozinha', '/api/v1/categories', '/api/v1/stats/totals'];
    for (const url of urls) expect((await read(counted, url)).statusCode, url).toBe(200);
    const afterFirst = selects;
    expect(afterFirst).toBeGreaterThan(0);
    for (const url of urls) {
      const again = await read(counted, url);
      expect(again.statusCode, url).toBe(200);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
    }
    expect(selects).toBe(afterFirst);
    // Later pages are read each time.
    await read(counted, '/api/v1/campaigns?page=1');
    const afterPage = selects;
    await read(counted, '/api/v1/campaigns?page=1');
    expect(afterPage).toBeGreaterThan(afterFirst);
    expect(selects - afterPage).toBe(afterPage - afterFirst);
  });

  it('shows a donation made through this node on its next read of the page, the lists and the totals', async () => {
    const [before, listed, total] = [await raisedOf(ctx.app), await listedRaised(ctx.app), await totalRaised(ctx.app)];
    await cardDonation(ctx.app, campaign, 2_500);
    expect(await raisedOf(ctx.app)).toBe(before + 2_500);
    expect(await listedRaised(ctx.app)).toBe((listed ?? 0) + 2_500);
    expect(await totalRaised(ctx.app)).toBe(total + 2_500);
  });

  it('cache invalidation across nodes: a donation through app A is seen by app B’s next read', async () => {
    const [before, listed, total] = [await raisedOf(other), await listedRaised(other), await totalRaised(other)];
    await cardDonation(ctx.app, campaign, 1_700);
    // NOTIFY reaches another node's listener a moment after the commit (at once on PGlite).
    await expect.poll(() => raisedOf(other), { timeout: 5000 }).toBe(before + 1_700);
    expect(await listedRaised(other)).toBe((listed ?? 0) + 1_700);
    expect(await totalRaised(other)).toBe(total + 1_700);
  });

  it('drops what a commit made outside any app changed (a donation written straight in the database)', async () => {
    const before = await raisedOf(other);
    await giveStraight(ctx.database.db, campaign.id, { amountCents: 900 });
    await expect.poll(() => raisedOf(other), { timeout: 5000 }).toBe(before + 900);
  });

  it('answers 304 to a current If-None-Match, and 200 with a new ETag once a donation changed the page', async () => {
    const url = `/api/v1/campaigns/${campaign.slug}`;
    const first = await read(ctx.app, url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const notModified = await read(ctx.app, url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);

    await cardDonation(ctx.app, campaign, 1_000);
    const changed = await read(ctx.app, url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().raised).toBe(first.json().raised + 1_000);
  });

  it('keeps a body per language, and says so (Vary: Accept-Language)', async () => {
    const category = await insertCategory(ctx.database.db, 'Saúde', undefined, { en: 'Health', es: 'Salud' });
    const nameIn = async (locale: string) => {
      const response = await call(ctx.app, 'GET', '/api/v1/categories', undefined, { locale });
      expect(response.headers.vary).toBe('Accept-Language');
      return (response.json() as Array<{ slug: string; name: string }>).find((c) => c.slug === category.slug)?.name;
    };
    await expect.poll(() => nameIn('en'), { timeout: 5000 }).toBe('Health');
    expect(await nameIn('es')).toBe('Salud');
    expect(await nameIn('pt-BR')).toBe('Saúde');
    expect(await nameIn('en')).toBe('Health');
  });

  it('reads a campaign again when it ends, though nothing was written', async () => {
    const ending = await insertCampaign(ctx.database.db, { endsAt: new Date(ctx.clock.now().getTime() + 60_000) });
    const accepting = async () => (await read(ctx.app, `/api/v1/campaigns/${ending.slug}`)).json().accepting_donations as boolean;
    await expect.poll(accepting, { timeout: 5000 }).toBe(true);
    ctx.clock.advance(2 * 60_000);
    expect(await accepting()).toBe(false);
  });

  it('never shares an answer given to a signed-in caller, nor a personal one', async () => {
    const { token } = await newSession(ctx.app);
    const withToken = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`, undefined, { token });
    expect(withToken.statusCode).toBe(200);
    // A signed-in caller's answers are never stored at all (no-store), let alone shared.
    expect(withToken.headers['cache-control']).toBe('no-store');
    const profile = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    // Kept for this caller alone (its validator is private): no shared cache may store it.
    expect(profile.headers['cache-control']).toMatch(/^(private|no-store)/);
  });
});

describe('the campaign page’s HTML from memory', () => {
  it('is served with its data, a 304 when current, and the new total after a donation', async () => {
    const url = `/${campaign.slug}`;
    const page = await read(ctx.app, url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(page.body).toContain('<meta property="og:title" content="Cozinha do bairro" />');
    const raised = await raisedOf(ctx.app);
    expect(page.body).toContain(`"raised":${raised}`);
    expect((await read(ctx.app, url, { 'if-none-match': page.headers.etag as string })).statusCode).toBe(304);

    await cardDonation(ctx.app, campaign, 3_000);
    const after = await read(ctx.app, url, { 'if-none-match': page.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`"raised":${raised + 3_000}`);
  });

  it('writes the home page in the cookie’s language, keyed by it (Vary: Cookie)', async () => {
    const home = await read(ctx.app, '/', { cookie: 'semear.locale=en' });
    expect(home.headers.vary).toBe('Cookie');
    const again = await read(ctx.app, '/', { cookie: 'semear.locale=pt' });
    expect(again.headers.etag).not.toBe(home.headers.etag);
    expect((await read(ctx.app, '/', { cookie: 'semear.locale=en' })).headers.etag).toBe(home.headers.etag);
  });
});

describe('without LISTEN', () => {
  it('reads every answer from the database, so another process’s commit shows at once', async () => {
    const lone = await ctx.buildAnotherApp({}, { database: undefined });
    const before = await raisedOf(lone);
    await giveStraight(ctx.database.db, campaign.id, { amountCents: 400 });
    expect(await raisedOf(lone)).toBe(before + 400);
    const first = await read(lone, `/api/v1/campaigns/${campaign.slug}`);
    expect((await read(lone, `/api/v1/campaigns/${campaign.slug}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(
      304,
    );
  });
});
