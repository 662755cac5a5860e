import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, type CampaignRow } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// A photo cover uploaded at 2000×1125: a phone gets a 480 px WebP of it, and the page and its HTML say so.
let ctx: TestContext;
let photo: CampaignRow;
let vector: CampaignRow;
let draft: CampaignRow;
const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));

beforeAll(async () => {
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Semear</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({}, { distDir });
  const covers = join(ctx.dataDir, 'uploads', 'campaigns');
  mkdirSync(covers, { recursive: true });
  await sharp({ create: { width: 2000, height: 1125, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toFile(join(covers, 'foto.jpg'));
  await sharp({ create: { width: 400, height: 225, channels: 3, background: '#3a7d44' } })
    .png()
    .toFile(join(covers, 'pequena.png'));
  writeFileSync(join(covers, 'vetor.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"/>');
  photo = await insertCampaign(ctx.database.db, { coverImage: '/uploads/campaigns/foto.jpg' });
  vector = await insertCampaign(ctx.database.db, { coverImage: '/uploads/campaigns/vetor.svg' });
  draft = await insertCampaign(ctx.database.db, { coverImage: '/uploads/campaigns/foto.jpg', status: 'draft' });
  await insertCampaign(ctx.database.db, { slug: 'capa-pequena', coverImage: '/uploads/campaigns/pequena.png' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => call(ctx.app, 'GET', path, undefined, { headers });

describe('cover renditions', () => {
  it.each([480, 960, 1440])('serves a raster cover %i px wide as WebP, cached by its ETag', async (width) => {
    const response = await get(`/img/covers/${photo.slug}-${width}.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const metadata = await sharp(response.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width,
      height: Math.round((width * 1125) / 2000),
    });
    const again = await get(`/img/covers/${photo.slug}-${width}.webp`, { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('never enlarges a small cover', async () => {
    const response = await get('/img/covers/capa-pequena-1440.webp');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(400);
  });

  it('answers 404 for unknown slugs, drafts, vector covers, other widths and other names', async () => {
    for (const path of [
      '/img/covers/nao-existe-480.webp',
      `/img/covers/${draft.slug}-480.webp`,
      `/img/covers/${vector.slug}-480.webp`,
      `/img/covers/${photo.slug}-500.webp`,
      `/img/covers/${photo.slug}-480.jpg`,
      `/img/covers/${photo.slug}.webp`,
      '/img/covers/..%2F..%2Fetc-480.webp',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it("the campaign page's HTML preloads the rendition a phone will pick; a vector cover is preloaded as it is", async () => {
    const page = await get(`/${photo.slug}`, { accept: 'text/html' });
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="http://semear.test/uploads/campaigns/foto.jpg" imagesrcset="/img/covers/${photo.slug}-480.webp 480w, /img/covers/${photo.slug}-960.webp 960w, /img/covers/${photo.slug}-1440.webp 1440w" imagesizes="(min-width: 1024px) 680px, calc(100vw - 32px)" fetchpriority="high" />`,
    );
    const svg = await get(`/${vector.slug}`, { accept: 'text/html' });
    expect(svg.body).toContain(
      '<link rel="preload" as="image" href="http://semear.test/uploads/campaigns/vetor.svg" fetchpriority="high" />',
    );
  });
});
