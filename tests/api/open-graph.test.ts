import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, type CampaignRow } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><meta name="description" content="Semear: doe para campanhas." />' +
  '<title>Semear — doações que dão fruto</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml' };

let ctx: TestContext;
let campaign: CampaignRow;
let hostile: CampaignRow;
const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));
beforeAll(async () => {
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({}, { distDir });
  campaign = await insertCampaign(ctx.database.db, {
    slug: 'cozinha-solidaria-recife',
    title: 'Cozinha Solidária do Coque',
    summary: 'Quinhentas refeições por dia no Recife.',
    coverImage: '/uploads/campaigns/cozinha-solidaria-recife.svg',
  });
  hostile = await insertCampaign(ctx.database.db, {
    slug: 'titulo-hostil',
    title: '"/><script>alert(1)</script> & $& Cia',
    summary: "Resumo com 'aspas' <b>e</b> tags",
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (path: string) => {
  const response = await call(ctx.app, 'GET', path, undefined, { headers: html });
  expect(response.statusCode, path).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
};

describe('Open Graph and Twitter tags on campaign pages', () => {
  it('puts the campaign title, summary, cover and canonical URL into the page head', async () => {
    const body = await page(`/${campaign.slug}`);
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<title>Cozinha Solidária do Coque · Semear</title>');
    expect(head).not.toContain('doações que dão fruto');
    expect(head).toContain('<meta name="description" content="Quinhentas refeições por dia no Recife." />');
    expect(head.match(/name="description"/g)).toHaveLength(1);
    for (const tag of [
      '<meta property="og:type" content="website" />',
      '<meta property="og:site_name" content="Semear" />',
      '<meta property="og:title" content="Cozinha Solidária do Coque" />',
      '<meta property="og:description" content="Quinhentas refeições por dia no Recife." />',
      '<meta property="og:image" content="http://semear.test/og/cozinha-solidaria-recife.jpg" />',
      '<meta property="og:image:type" content="image/jpeg" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      '<meta property="og:image:alt" content="Cozinha Solidária do Coque" />',
      '<meta property="og:url" content="http://semear.test/cozinha-solidaria-recife" />',
      '<meta property="og:locale" content="pt_BR" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:title" content="Cozinha Solidária do Coque" />',
      '<meta name="twitter:description" content="Quinhentas refeições por dia no Recife." />',
      '<meta name="twitter:image" content="http://semear.test/og/cozinha-solidaria-recife.jpg" />',
      '<meta name="twitter:image:alt" content="Cozinha Solidária do Coque" />',
    ]) {
      expect(head).toContain(tag);
    }
    expect(body).toContain('<div id="root"></div>');
  });

  it('shares the preview on the messages, donors and checkout pages, with the campaign page as canonical URL', async () => {
    for (const path of ['messages', 'doadores', 'donate?amount=5000', '']) {
      const body = await page(`/${campaign.slug}/${path}`);
      expect(body, path).toContain('<meta property="og:title" content="Cozinha Solidária do Coque" />');
      expect(body, path).toContain('<meta property="og:url" content="http://semear.test/cozinha-solidaria-recife" />');
    }
  });

  it('escapes every value taken from the campaign', async () => {
    const body = await page(`/${hostile.slug}`);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>');
    expect(body).toContain('<meta property="og:title" content="&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; Cia" />');
    expect(body).toContain('<title>&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; Cia · Semear</title>');
    expect(body).toContain('<meta property="og:image:alt" content="&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; Cia" />');
    expect(body).toContain('<meta property="og:description" content="Resumo com &#39;aspas&#39; &lt;b&gt;e&lt;/b&gt; tags" />');
  });

  it('serves the plain page for the other pages of the app', async () => {
    // The home carries its first screen's data (first-screen.test.ts), no Open Graph tags of a campaign.
    expect(await page('/')).not.toContain('og:title');
    for (const path of ['/search?q=cozinha', '/profile/wallet', '/about']) {
      const body = await page(path);
      expect(body, path).toBe(INDEX_HTML);
    }
  });

  it('answers 404 with the plain page, for the app to show its not-found page, for unknown slugs, drafts and unknown pages', async () => {
    const draft = await insertCampaign(ctx.database.db, { status: 'draft', title: 'Rascunho secreto' });
    const paths = [
      '/nao-existe',
      '/nao-existe/donate',
      `/${draft.slug}`,
      `/${draft.slug}/messages`,
      `/${campaign.slug}/outra-coisa`,
      '/profile/nada',
      '/a/b/c',
      '/NAO_E_SLUG',
    ];
    for (const path of paths) {
      for (const headers of [html, { accept: '*/*' }, {}]) {
        const response = await call(ctx.app, 'GET', path, undefined, { headers });
        expect(response.statusCode, path).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body, path).toBe(INDEX_HTML);
      }
      const head = await call(ctx.app, 'HEAD', path, undefined, { headers: { accept: '*/*' } });
      expect(head.statusCode, `HEAD ${path}`).toBe(404);
      expect(head.headers['content-type']).toContain('text/html');
    }
  });

  it('leaves API paths and missing files to a JSON 404', async () => {
    const api = await call(ctx.app, 'GET', `/api/v1/${campaign.slug}`, undefined, { headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    const file = await call(ctx.app, 'GET', `/${campaign.slug}.png`, undefined, { headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
  });
});

/** Each link-preview crawler as it asks for a page (their documented user agents and Accept headers). */
const CRAWLERS: { name: string; headers: Record<string, string> }[] = [
  // Meta's crawler builds WhatsApp's and Facebook's previews; its documented check is `curl -A ...` (Accept: */*).
  {
    name: 'Meta (WhatsApp, Facebook)',
    headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', accept: '*/*' },
  },
  { name: 'WhatsApp', headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } },
  { name: 'Slack', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', accept: '*/*' } },
  { name: 'Telegram', headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } },
  { name: 'X', headers: { 'user-agent': 'Twitterbot/1.0', accept: '*/*' } },
  { name: 'curl', headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' } },
  { name: 'a JSON client', headers: { accept: 'application/json' } },
];

describe('link previews for every client, whatever its Accept header', () => {
  for (const crawler of CRAWLERS) {
    it(`${crawler.name}: GET of a campaign page gets the HTML with its preview tags`, async () => {
      const response = await call(ctx.app, 'GET', `/${campaign.slug}`, undefined, { headers: crawler.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta property="og:title" content="Cozinha Solidária do Coque" />');
      expect(response.body).toContain('<meta property="og:image" content="http://semear.test/og/cozinha-solidaria-recife.jpg" />');
    });

    it(`${crawler.name}: HEAD of a campaign page answers 200 HTML without a body`, async () => {
      const response = await call(ctx.app, 'HEAD', `/${campaign.slug}`, undefined, { headers: crawler.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe('');
    });
  }
});
