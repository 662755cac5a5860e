import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareCardSvg } from '../../server/campaigns/share-image';
import { campaigns } from '../../server/db/schema';
import { coverSvg } from '../../server/seed/cover-art';
import { insertCampaign, postDonationToLedger, type CampaignRow } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let seeded: CampaignRow;
let red: CampaignRow;
let bare: CampaignRow;
const HOSTILE = '</text><script>alert(1)</script> & "aspas" <b>Cia</b>';

const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));

beforeAll(async () => {
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Semear</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({}, { distDir });
  const covers = join(ctx.dataDir, 'uploads', 'campaigns');
  mkdirSync(covers, { recursive: true });
  writeFileSync(
    join(covers, 'seeded.svg'),
    coverSvg({ title: 'Cozinha', motif: 'kitchen', palette: { sky: ['#123456', '#654321'], hills: ['#0a0', '#060'], accent: '#fc0' } }),
  );
  // Square and red: the preview must be this cover, cropped to 1200×630.
  writeFileSync(
    join(covers, 'red.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#ff0000"/></svg>',
  );
  seeded = await insertCampaign(ctx.database.db, { title: 'Cozinha Solidária', coverImage: '/uploads/campaigns/seeded.svg' });
  red = await insertCampaign(ctx.database.db, { title: 'Campanha vermelha', coverImage: '/uploads/campaigns/red.svg' });
  bare = await insertCampaign(ctx.database.db, { title: 'Biblioteca sem capa', coverImage: null, goalCents: 500_000 });
  await postDonationToLedger(ctx.database.db, bare.id, 123_456);
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const imageUrlOf = async (slug: string): Promise<string> => {
  const page = await call(ctx.app, 'GET', `/${slug}`, undefined, { headers: { accept: '*/*' } });
  const url = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
  expect(url).toBe(`http://semear.test/og/${slug}.jpg`);
  return new URL(url as string).pathname;
};

const fetchImage = async (path: string, headers: Record<string, string> = {}) => {
  const response = await call(ctx.app, 'GET', path, undefined, {
    headers: { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*', ...headers },
  });
  return { response, body: response.rawPayload };
};

const expectPreviewRaster = async (path: string) => {
  const { response, body } = await fetchImage(path);
  expect(response.statusCode, path).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  expect(response.headers.etag).toMatch(/^".+"$/);
  const metadata = await sharp(body).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  return { response, body };
};

describe('the link-preview image of a campaign (og:image)', () => {
  it('is a 1200×630 JPEG drawn from an SVG cover', async () => {
    await expectPreviewRaster(await imageUrlOf(seeded.slug));
  });

  it('is the cover itself, cropped to fill the frame', async () => {
    const { body } = await expectPreviewRaster(await imageUrlOf(red.slug));
    const [r, g, b] = (await sharp(body).stats()).channels;
    expect(r?.mean).toBeGreaterThan(240);
    expect(g?.mean).toBeLessThan(15);
    expect(b?.mean).toBeLessThan(15);
  });

  it('is a generated 1200×630 card for a campaign without a cover, and for one whose cover is missing or unreadable', async () => {
    await expectPreviewRaster(await imageUrlOf(bare.slug));
    const missing = await insertCampaign(ctx.database.db, { coverImage: '/uploads/campaigns/nao-existe.svg' });
    await expectPreviewRaster(await imageUrlOf(missing.slug));
    writeFileSync(join(ctx.dataDir, 'uploads', 'campaigns', 'quebrada.svg'), 'isto não é uma imagem');
    const broken = await insertCampaign(ctx.database.db, { coverImage: '/uploads/campaigns/quebrada.svg' });
    await expectPreviewRaster(await imageUrlOf(broken.slug));
  });

  it('renders a card for a hostile title, with the title escaped in the drawing', async () => {
    const hostile = await insertCampaign(ctx.database.db, { title: HOSTILE, coverImage: null });
    await expectPreviewRaster(await imageUrlOf(hostile.slug));
    const svg = shareCardSvg({ title: HOSTILE, coverImage: null, goalCents: 100_000, raised: 0 });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('</text><script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/');
    expect(svg).toContain('&amp; &quot;aspas&quot;');
  });

  it('draws the title and the progress in whole reais on the card', () => {
    const svg = shareCardSvg({ title: 'Biblioteca sem capa', coverImage: null, goalCents: 500_000, raised: 123_456 });
    expect(svg).toContain('Biblioteca sem capa');
    expect(svg).toContain('R$ 1.234 / R$ 5.000 · 24%');
  });

  it('answers crawlers that arrive together with the same image', async () => {
    const path = `/og/${seeded.slug}.jpg`;
    await ctx.database.db.update(campaigns).set({ title: 'Cozinha Solidária 2' }).where(eq(campaigns.id, seeded.id));
    const answers = await Promise.all([1, 2, 3].map(() => fetchImage(path)));
    expect(answers.map(({ response }) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map(({ response }) => response.headers.etag)).size).toBe(1);
  });

  it('answers 304 to a crawler that has it, and draws a new one when what it shows changes', async () => {
    const path = `/og/${bare.slug}.jpg`;
    const first = await expectPreviewRaster(path);
    const etag = String(first.response.headers.etag);
    const again = await fetchImage(path, { 'if-none-match': etag });
    expect(again.response.statusCode).toBe(304);
    expect(again.body.length).toBe(0);
    await postDonationToLedger(ctx.database.db, bare.id, 100_000);
    const moreRaised = await expectPreviewRaster(path);
    expect(moreRaised.response.headers.etag).not.toBe(etag);
    await ctx.database.db.update(campaigns).set({ title: 'Biblioteca nova' }).where(eq(campaigns.id, bare.id));
    const retitled = await expectPreviewRaster(path);
    expect(retitled.response.headers.etag).not.toBe(moreRaised.response.headers.etag);
  });

  it('is a 404 for unknown slugs, drafts and other names', async () => {
    const draft = await insertCampaign(ctx.database.db, { status: 'draft', coverImage: '/uploads/campaigns/red.svg' });
    for (const path of ['/og/nao-existe.jpg', `/og/${draft.slug}.jpg`, `/og/${red.slug}.png`, `/og/${red.slug}`, '/og/..%2Fetc.jpg']) {
      const { response } = await fetchImage(path);
      expect(response.statusCode, path).toBe(404);
    }
  });
});
