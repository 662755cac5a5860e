import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSlugRedirects } from '../../server/db/schema';
import { insertCampaign } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';
import { BOOT_SCRIPT_HASH } from '../../server/http/code-after-paint';

let ctx: TestContext;
const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));
beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Semear</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'console.log("semear")');
  ctx = await createTestContext({ AD_SCRIPT_URL: 'https://ads.example.net/tag.js?id=1' }, { distDir });
  await insertCampaign(ctx.database.db, { slug: 'cozinha-solidaria-recife' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('health', () => {
  it("GET /api/v1/health answers ok: the process is alive (the database is /ready's check)", async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the web app', () => {
  it('serves index.html for client-side routes that accept HTML (history fallback)', async () => {
    for (const path of ['/', '/profile/wallet', '/cozinha-solidaria-recife/donate?amount=5000']) {
      const response = await call(ctx.app, 'GET', path, undefined, { headers: html });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves index.html to every HTTP client, whatever its Accept header, on GET and HEAD', async () => {
    const accepts: Record<string, string>[] = [{ accept: '*/*' }, {}, { accept: 'application/json' }, { accept: 'image/webp,*/*;q=0.8' }];
    for (const headers of accepts) {
      for (const path of ['/', '/profile/wallet', '/search?q=fome', '/signin']) {
        const get = await call(ctx.app, 'GET', path, undefined, { headers });
        expect(get.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(get.headers['content-type']).toContain('text/html');
        expect(get.body).toContain('<div id="root">');
        const head = await call(ctx.app, 'HEAD', path, undefined, { headers });
        expect(head.statusCode, `HEAD ${path}`).toBe(200);
        expect(head.headers['content-type']).toContain('text/html');
      }
    }
  });

  it('answers 404 for missing files and 405 for anything but GET and HEAD of a page, even from a browser', async () => {
    for (const path of ['/assets/app-0000.js', '/favicon-missing.ico', '/uploads/campaigns/nao-existe.png', '/robots-old.txt']) {
      for (const headers of [html, { accept: '*/*' }]) {
        const response = await call(ctx.app, 'GET', path, undefined, { headers });
        expect(response.statusCode, path).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    }
    // A page is there for GET and HEAD only (issue 48: TRACE answered 404).
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await call(ctx.app, method, '/profile/wallet', undefined, { headers: html });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow, method).toBe('GET, HEAD');
      expect(response.json()).toMatchObject({ code: 'method_not_allowed' });
    }
    for (const path of ['/api', '/api/v2/campaigns']) {
      const response = await call(ctx.app, 'GET', path, undefined, { headers: { accept: '*/*' } });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('serves built assets with a long cache', async () => {
    const response = await call(ctx.app, 'GET', '/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves uploads as inert files that other sites may embed (covers in link previews)', async () => {
    mkdirSync(join(ctx.dataDir, 'uploads', 'campaigns'), { recursive: true });
    writeFileSync(join(ctx.dataDir, 'uploads', 'campaigns', 'capa.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await call(ctx.app, 'GET', '/uploads/campaigns/capa.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers unknown API paths with a JSON 404, even for browsers', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/nope', undefined, { headers: html, locale: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: "We couldn't find what you were looking for." });
  });

  it('sends a CSP that admits only our origin and the ad script origin', async () => {
    const response = await call(ctx.app, 'GET', '/', undefined, { headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Besides our origin and the ad's, only the boot script that asks for the app's code after the first paint.
    expect(csp).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH} https://ads.example.net;`);
    expect(csp).toContain("img-src 'self' http://semear.test data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://semear.test wss://semear.test");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("gives API answers an API's security headers, and none of a page's", async () => {
    const page = await call(ctx.app, 'GET', '/', undefined, { headers: html });
    for (const path of ['/api/v1/campaigns/cozinha-solidaria-recife', '/api/v1/nope']) {
      const response = await call(ctx.app, 'GET', path);
      expect(response.headers['content-type'], path).toContain('application/json');
      expect(response.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], path).toBe('same-origin');
      // Page-only headers the page has and an API answer has no use for.
      for (const pageOnly of ['referrer-policy', 'x-dns-prefetch-control', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
        expect(page.headers[pageOnly], pageOnly).toBeDefined();
        expect(response.headers[pageOnly], `${path} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it("lets only the editor's preview be framed, and by this site only", async () => {
    const preview = await call(ctx.app, 'GET', '/pre-visualizacao?campaign=0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e', undefined, {
      headers: html,
    });
    expect(preview.statusCode).toBe(200);
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const other = await call(ctx.app, 'GET', '/admin/campaigns', undefined, { headers: html });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it("answers a renamed campaign's old address with a 301 to its current one, query kept", async () => {
    const campaign = await insertCampaign(ctx.database.db, { slug: `nome-novo-${Date.now()}` });
    await ctx.database.db.insert(campaignSlugRedirects).values({ slug: `nome-antigo-${campaign.id.slice(0, 8)}`, campaignId: campaign.id });
    const old = await call(ctx.app, 'GET', `/nome-antigo-${campaign.id.slice(0, 8)}?utm_source=whatsapp`, undefined, {
      headers: { accept: '*/*' },
    });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/${campaign.slug}?utm_source=whatsapp`);
    expect((await call(ctx.app, 'GET', `/${campaign.slug}`, undefined, { headers: { accept: '*/*' } })).statusCode).toBe(200);
  });

  it('announces the ad script to the web app in a meta tag only when AD_SCRIPT_URL is set', async () => {
    const withAd = await call(ctx.app, 'GET', '/', undefined, { headers: html });
    expect(withAd.body).toContain('<meta name="semear:ad-script" content="https://ads.example.net/tag.js?id=1" />');
    const plainApp = await ctx.buildAnotherApp({ AD_SCRIPT_URL: '' }, { distDir });
    const plain = await call(plainApp, 'GET', '/', undefined, { headers: html });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('semear:ad-script');
    expect(String(plain.headers['content-security-policy'])).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH};`);
  });

  it('answers 503 with a hint when the web app is not built', async () => {
    const app = await ctx.buildAnotherApp({}, { distDir: join(distDir, 'missing') });
    const response = await call(app, 'GET', '/signin', undefined, { headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
