import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../vite.precompress';
import { insertCampaign } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// Text that compresses like real code does, well above the 1 KB threshold.
const filler = (kind: string) => Array.from({ length: 200 }, (_, i) => `${kind} line ${i}: semear doações ${i * 7}`).join('\n');
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Semear</title><!-- ${filler('head')} --></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let token: string;
const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));
const file = (path: string) => readFileSync(join(distDir, path));

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'framework-1234.js'), `console.log(${JSON.stringify(filler('js'))});`);
  writeFileSync(join(distDir, 'assets', 'app-1234.css'), `.a{content:${JSON.stringify(filler('css'))}}`);
  writeFileSync(join(distDir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><desc>${filler('svg')}</desc></svg>`);
  writeFileSync(join(distDir, 'assets', 'tiny-1234.js'), 'console.log("semear")');
  writeFileSync(join(distDir, 'assets', 'inter-1234.woff2'), Buffer.alloc(4096, 7));
  // The very function the Vite build runs on dist/.
  precompressDir(distDir);
  ctx = await createTestContext({}, { distDir });
  for (let i = 0; i < 6; i += 1) await insertCampaign(ctx.database.db, { slug: `campanha-${i}`, title: `Campanha número ${i}` });
  // A campaign page as a real one reads: its story is well above the threshold.
  const story = Array.from({ length: 12 }, (_, i) => `<p>Parágrafo ${i}: a cozinha serve refeições todos os dias.</p>`).join('');
  await insertCampaign(ctx.database.db, { slug: 'cozinha-longa', title: 'Cozinha com história', story });
  token = (await newSession(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const decoded = (response: LightMyRequestResponse): Buffer => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
};

const get = (path: string, acceptEncoding?: string, options: { token?: string; method?: 'GET' | 'HEAD' } = {}) =>
  call(ctx.app, options.method ?? 'GET', path, undefined, {
    token: options.token,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const varies = (response: LightMyRequestResponse) => expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');

describe('compression of built files (precompressed at build time)', () => {
  const assets = ['/assets/framework-1234.js', '/assets/app-1234.css', '/favicon.svg'];

  it('sends brotli or gzip as accepted, brotli first, with Vary and the same bytes once decoded', async () => {
    for (const path of assets) {
      const raw = file(path);
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
      ] as const) {
        const response = await get(path, accept);
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
        expect(response.rawPayload.length).toBeLessThan(raw.length / 2);
        expect(decoded(response).equals(raw), path).toBe(true);
        expect(response.headers['content-type']).not.toContain('octet-stream');
        varies(response);
      }
    }
  });

  it('sends the plain file, still with Vary, when no encoding is accepted', async () => {
    for (const path of assets) {
      for (const accept of [undefined, 'identity', 'deflate']) {
        const response = await get(path, accept);
        expect(response.headers['content-encoding'], `${path} ${accept}`).toBeUndefined();
        expect(response.rawPayload.equals(file(path))).toBe(true);
        varies(response);
      }
    }
  });

  it('keeps the long cache of hashed assets, compressed or not', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get('/assets/framework-1234.js', accept)).headers['cache-control']).toContain('immutable');
    }
  });

  it('leaves small files and already-compressed formats alone', async () => {
    for (const path of ['/assets/tiny-1234.js', '/assets/inter-1234.woff2']) {
      const response = await get(path, 'gzip, br');
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(response.rawPayload.equals(file(path))).toBe(true);
    }
  });

  it('gives the variants no URL of their own', async () => {
    expect((await get('/assets/framework-1234.js.br', 'br')).statusCode).toBe(404);
  });
});

describe('compression of dynamic answers', () => {
  it('compresses the HTML of web routes, campaign pages with their preview tags included', async () => {
    for (const path of ['/', '/help', '/campanha-1']) {
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
      ] as const) {
        const response = await get(path, accept);
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
        expect(decoded(response).toString('utf8')).toBe(plain.body);
        expect(response.headers['content-type']).toContain('text/html');
        // The other onSend hooks still apply.
        expect(response.headers['cache-control']).toMatch(/no-cache|s-maxage/);
        expect(response.headers['cache-control'], path).toBe(plain.headers['cache-control']);
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        varies(response);
      }
    }
    expect((await get('/campanha-1', 'br')).headers['content-encoding']).toBe('br');
    expect(decoded(await get('/campanha-1', 'br')).toString('utf8')).toContain('og:title');
  });

  it('answers HEAD of a web route with no body and headers that describe the plain page', async () => {
    // Fastify empties a HEAD body before the compressor sees it: the headers then describe identity.
    const plain = await get('/help');
    for (const accept of ['br', 'gzip', undefined]) {
      const head = await get('/help', accept, { method: 'HEAD' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('compresses JSON answers above 1 KB, keeping no-store on authenticated ones', async () => {
    const plain = await get('/api/v1/campaigns');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/api/v1/campaigns', accept);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('application/json');
      expect(JSON.parse(decoded(response).toString('utf8'))).toEqual(plain.json());
      varies(response);
      const signedIn = await get('/api/v1/campaigns', accept, { token });
      expect(signedIn.headers['content-encoding']).toBe(encoding);
      expect(signedIn.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends a kept public answer compressed, the same bytes on every read, with its validator and Vary', async () => {
    const path = '/api/v1/campaigns/cozinha-longa';
    const plain = await get(path);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['*', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const first = await get(path, accept);
      const again = await get(path, accept);
      expect(first.headers['content-encoding'], accept).toBe(encoding);
      expect(JSON.parse(decoded(first).toString('utf8'))).toEqual(plain.json());
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(first.headers.vary).toBe('Accept-Language, accept-encoding');
      expect(first.headers['cache-control']).toBe(plain.headers['cache-control']);
    }
    for (const accept of ['identity', 'deflate']) {
      const response = await get(path, accept);
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.body).toBe(plain.body);
      expect(response.headers.vary).toBe('Accept-Language');
    }
    const notModified = await call(ctx.app, 'GET', path, undefined, {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const noCompression = await call(ctx.app, 'GET', path, undefined, { headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } });
    expect(noCompression.headers['content-encoding']).toBeUndefined();
    expect(noCompression.body).toBe(plain.body);
  });

  it('leaves small JSON answers and 404s alone', async () => {
    for (const path of ['/api/v1/health', '/api/v1/nao-existe', '/assets/app-0000.js']) {
      const response = await get(path, 'gzip, br');
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(response.json(), path).toBeTypeOf('object');
    }
  });
});
