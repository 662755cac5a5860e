import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINED_ANSWERS_ID } from '../../contracts/first-screen';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, CODE_LIST_ID } from '../../server/http/code-after-paint';
import { insertCampaign, type CampaignRow } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// A build's index.html and manifest, as Vite writes them: the entry's chunk is already in the page.
const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><title>Semear</title><script type="module" src="/assets/index-E.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E.css"></head>' +
  '<body><div id="root"><!-- first-screen --><div class="generic-shape"></div><!-- /first-screen --></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', imports: ['_framework-F.js'], css: ['assets/index-E.css'] },
  '_framework-F.js': { file: 'assets/framework-F.js' },
  '_CampaignCard-C.js': { file: 'assets/CampaignCard-C.js', imports: ['_framework-F.js'], css: ['assets/campaign-C.css'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-H.js', imports: ['_framework-F.js', '_CampaignCard-C.js'] },
  'src/routes/$slug/route.tsx?tsr-split=component': { file: 'assets/route-L.js', imports: ['_framework-F.js'] },
  'src/routes/$slug/index.tsx?tsr-split=component': { file: 'assets/_slug-S.js', imports: ['_CampaignCard-C.js'] },
  'src/routes/$slug/donate.tsx?tsr-split=component': { file: 'assets/donate-D.js', imports: ['_framework-F.js'] },
  'locales/pt/messages.po?scope=core': { file: 'assets/messages-core-pt.js' },
  'locales/pt/messages.po?scope=campaigns': { file: 'assets/messages-campaigns-pt.js' },
  'locales/en/messages.po?scope=campaigns': { file: 'assets/messages-campaigns-en.js' },
  'locales/pt/messages.po?scope=checkout': { file: 'assets/messages-checkout-pt.js' },
};

let ctx: TestContext;
let campaign: CampaignRow;
let hostile: CampaignRow;
const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));
beforeAll(async () => {
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'index-E.css'), 'body{margin:0}');
  writeFileSync(join(distDir, 'assets', 'campaign-C.css'), '.fs-cover{width:100%}');
  ctx = await createTestContext({}, { distDir });
  campaign = await insertCampaign(ctx.database.db, {
    slug: 'cozinha-solidaria-recife',
    title: 'Cozinha Solidária do Coque',
    coverImage: '/uploads/campaigns/cozinha.jpg',
  });
  hostile = await insertCampaign(ctx.database.db, { slug: 'titulo-hostil', title: '</script><script>alert(1)</script>\u2028 <!--' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await call(ctx.app, 'GET', path, undefined, { headers: { accept: 'text/html', ...headers } });
  expect(response.statusCode, path).toBe(200);
  return response.body;
};

/**
 * The code a page asks for after its first paint, as its boot script reads it; the boot script is the
 * one the Content-Security-Policy allows by its hash.
 */
function codeAfterPaint(body: string): string[] {
  const match = new RegExp(`<script type="application/json" id="${CODE_LIST_ID}">([^<]*)</script>\\s*<script>([\\s\\S]*?)</script>`).exec(
    body,
  );
  expect(match, 'the page asks for its code after its first paint').not.toBeNull();
  expect(match![2]).toBe(BOOT_SCRIPT);
  return JSON.parse(match![1]!) as string[];
}

/** The answers the page carries, as the client reads them. */
function inlinedAnswers(body: string): Record<string, { status: number; total: number | null; body: unknown }> {
  const match = new RegExp(`<script type="application/json" id="${INLINED_ANSWERS_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(body);
  expect(match, 'the page carries its answers').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, { status: number; total: number | null; body: unknown }>;
}

describe('the first screen comes with the HTML', () => {
  it('a campaign page preloads its cover, its route chunks and catalogs, and carries the campaign', async () => {
    const body = await page(`/${campaign.slug}`);
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="http://semear.test/uploads/campaigns/cozinha.jpg" imagesrcset="/img/covers/cozinha-solidaria-recife-480.webp 480w,',
    );
    // Its code is asked for once the screen has painted (code-after-paint.ts): the entry, then every
    // chunk it needs, none of them in the head, where they would be fetched alongside the first layout.
    expect(codeAfterPaint(body)).toEqual([
      '/assets/index-E.js',
      '/assets/framework-F.js',
      '/assets/route-L.js',
      '/assets/_slug-S.js',
      '/assets/CampaignCard-C.js',
      '/assets/messages-core-pt.js',
      '/assets/messages-campaigns-pt.js',
    ]);
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    // The page's style sheets come inside it (a linked one would hold the first paint back), the entry's too.
    expect(head).toContain('<style>body{margin:0}\n.fs-cover{width:100%}</style>');
    expect(body).not.toContain('rel="stylesheet"');
    // The cover is painted by the HTML itself, where the page will show it.
    expect(body).toContain('<img class="fs-cover" src="http://semear.test/uploads/campaigns/cozinha.jpg" srcset=');
    expect(body).not.toContain('generic-shape');
    // Another page's, or in another language: not asked for.
    expect(body).not.toContain('routes-H.js');
    expect(body).not.toContain('messages-campaigns-en.js');
    const answers = inlinedAnswers(body);
    const api = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`);
    expect(answers[`/api/v1/campaigns/${campaign.slug}`]).toEqual({ status: 200, total: null, body: api.json() });
  });

  it("the home paints its hero with the HTML, in the language the web app's cookie names", async () => {
    const hero = (body: string) => /<h1 class="fs-hero-title">([^<]*)<\/h1><p class="fs-hero-lead">([^<]*)<\/p>/.exec(body)?.slice(1);
    expect(hero(await page('/'))).toEqual([
      'Doe em um minuto. Veja o que a sua doação fez.',
      expect.stringMatching(/^A Semear liga você a campanhas de todo o Brasil/),
    ]);
    const english = await page('/', { cookie: 'other=1; semear.locale=en' });
    expect(hero(english)?.[0]).toBe('Give in a minute. See what your gift did.');
    expect(english).not.toContain('generic-shape');
    // Anything else in the cookie is the default language.
    expect(hero(await page('/', { cookie: 'semear.locale=<script>' }))?.[0]).toBe('Doe em um minuto. Veja o que a sua doação fez.');
  });

  it('other pages keep the generic shape and link their style sheets', async () => {
    const help = await page('/help');
    expect(help).toContain('generic-shape');
    expect(help).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E.css">');
    expect(help).not.toContain('<style>');
  });

  it('the home carries its lists (with their totals), categories and platform totals', async () => {
    const body = await page('/');
    expect(codeAfterPaint(body)).toContain('/assets/routes-H.js');
    expect(body).not.toContain('_slug-S.js');
    const answers = inlinedAnswers(body);
    expect(Object.keys(answers).sort()).toEqual([
      '/api/v1/campaigns?featured=true&page=0&amount=3',
      '/api/v1/campaigns?sort=recent&page=0&amount=6',
      '/api/v1/categories',
      '/api/v1/stats/totals',
    ]);
    const recent = await call(ctx.app, 'GET', '/api/v1/campaigns?sort=recent&page=0&amount=6');
    expect(answers['/api/v1/campaigns?sort=recent&page=0&amount=6']).toEqual({
      status: 200,
      total: Number(recent.headers['x-total-count']),
      body: recent.json(),
    });
  });

  it("answers in the interface's default language, marked with it, and never with anything of the session", async () => {
    const signedIn = await newSession(ctx.app);
    // The browser's language is not the interface's (kept in the browser): the answers are in pt, and say so.
    const body = await page('/', { 'accept-language': 'en', authorization: `Bearer ${signedIn.token}` });
    expect(body).toContain(`id="${INLINED_ANSWERS_ID}" data-locale="pt"`);
    const answers = inlinedAnswers(body);
    const categories = await call(ctx.app, 'GET', '/api/v1/categories', undefined, { headers: { 'accept-language': 'pt' } });
    expect(answers['/api/v1/categories']?.body).toEqual(categories.json());
    expect(body).not.toContain(signedIn.input.email);
  });

  it('a title that closes the script stays text: nothing in the data can end the element', async () => {
    const body = await page(`/${hostile.slug}`);
    const script = new RegExp(`<script type="application/json" id="${INLINED_ANSWERS_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(body)![1]!;
    expect(script).not.toContain('<');
    expect(script).not.toContain('\u2028');
    const answers = JSON.parse(script) as Record<string, { body: { title: string } }>;
    expect(answers[`/api/v1/campaigns/${hostile.slug}`]?.body.title).toBe('</script><script>alert(1)</script>\u2028 <!--');
  });

  it("a campaign's donation page preloads its form's chunks and catalogs and carries the campaign, not the cover it does not show", async () => {
    const body = await page(`/${campaign.slug}/donate`);
    const head = body.slice(0, body.indexOf('</head>'));
    for (const chunk of ['route-L.js', 'donate-D.js', 'messages-core-pt.js', 'messages-campaigns-pt.js', 'messages-checkout-pt.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}" />`);
    }
    expect(head).not.toContain('rel="preload" as="image"');
    expect(head).not.toContain('_slug-S.js');
    expect(Object.keys(inlinedAnswers(body))).toEqual([`/api/v1/campaigns/${campaign.slug}`]);
  });

  it('every page has the chunks its entry imports come at once (the build writes no preloads of its own), after the first paint where the HTML paints it', async () => {
    const help = await page('/help');
    expect(help.match(/href="\/assets\/framework-F\.js"/g)).toHaveLength(1);
    expect(help).toContain('<link rel="modulepreload" crossorigin href="/assets/framework-F.js" />');
    expect(help).not.toContain(CODE_LIST_ID);
    for (const path of ['/', `/${campaign.slug}`]) {
      const answer = await call(ctx.app, 'GET', path, undefined, { headers: { accept: 'text/html' } });
      expect(
        codeAfterPaint(answer.body).filter((href) => href === '/assets/framework-F.js'),
        path,
      ).toHaveLength(1);
      // The boot script runs under the Content-Security-Policy: allowed by its hash, and nothing else inline.
      const policy = String(answer.headers['content-security-policy']);
      expect(/script-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toEqual(["'self'", BOOT_SCRIPT_HASH]);
    }
  });

  it('other pages, HEAD requests and unknown campaigns carry nothing extra', async () => {
    expect(await page('/help')).not.toContain(INLINED_ANSWERS_ID);
    expect(await page(`/${campaign.slug}/doadores`)).not.toContain(INLINED_ANSWERS_ID);
    const head = await call(ctx.app, 'HEAD', `/${campaign.slug}`, undefined, { headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    const missing = await call(ctx.app, 'GET', '/campanha-que-nao-existe', undefined, { headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(INLINED_ANSWERS_ID);
  });
});
