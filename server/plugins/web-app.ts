import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { slugSchema } from '../../contracts/routes';
import { renderOpenGraph, type CampaignMetaLookup } from './open-graph';
import { escapeHtml } from '../http/escape-html';
import { allowedMethods, methodNotAllowedMessage, refuseUnroutableMethods } from '../http/allowed-methods';
import { localeFromAcceptLanguage } from '../i18n/locale';
import { loadWebRouteMatcher, type WebRouteMatch } from '../http/web-routes';
import {
  answerReads,
  firstScreenHead,
  inlinedAnswersTag,
  readBuildManifest,
  withEntryPreloads,
  withoutStyleLinks,
  type FirstScreenNeeds,
} from '../http/first-screen';
import { campaignFirstScreenReads, homeFirstScreenReads } from '../../contracts/first-screen';
import { landingChunks, type LandingPage } from '../http/landing-pages';
import { campaignFirstScreen, homeFirstScreen, localeFromCookies, withFirstScreenMarkup } from '../http/first-screen-markup';
import { withCodeAfterPaint } from '../http/code-after-paint';
import { AD_SCRIPT_META, DEFAULT_LOCALE } from '../../contracts/constants';
import { COVER_SIZES, coverSrcSet } from '../../contracts/campaigns';
import type { PublicCache } from '../http/public-cache';
import { sendPublicAnswer } from '../http/public-answer';
import { nextChangeOf } from '../http/public-reads';
import type { Clock } from '../services/clock';

export interface WebAppOptions {
  /** The built SPA (vite's dist/). */
  distDir: string;
  /** Uploaded and seeded files, served at /uploads. */
  uploadsDir: string;
  /** AD_SCRIPT_URL: announced to the web app in a meta tag, which loads it asynchronously. */
  adScriptUrl?: string | null;
  /** A public campaign's preview for /{slug} pages (Open Graph); null for unknown slugs. */
  campaignMeta?: CampaignMetaLookup;
  /** A renamed campaign's current slug from an old one (its old links answer 301), or null. */
  campaignRedirect?: (slug: string) => Promise<string | null>;
  /** Where the pages with their first screen are kept until a commit changes what they show. */
  publicCache: PublicCache;
  clock: Clock;
}

/** index.html as served: the built file plus the meta tags that carry server configuration. */
export function renderIndexHtml(html: string, adScriptUrl?: string | null): string {
  if (!adScriptUrl) return html;
  return html.replace('</head>', `  <meta name="${AD_SCRIPT_META}" content="${escapeHtml(adScriptUrl)}" />\n  </head>`);
}

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/**
 * A file the server would have served (a hashed asset, an upload, /favicon.ico...): missing, it is a 404,
 * never the app. Web routes have no dot in their last segment (slugs are [a-z0-9-]).
 */
const isFilePath = (path: string): boolean => path.startsWith('/assets/') || path.startsWith('/uploads/') || /\.[^/]*$/.test(path);

/** The path alone, without the query or fragment. */
const pathOf = (url: string): string => url.split(/[?#]/, 1)[0] ?? '/';

/**
 * Serves the built web app with history fallback: every GET or HEAD of a web route gets index.html,
 * whatever its Accept header says (curl and the link-preview crawlers of WhatsApp, Slack, Telegram
 * and X send `*\/*` or nothing), so client-side routes survive a reload and shared links preview.
 * Unknown /api paths and missing files answer a JSON 404; a path served for other methods only (TRACE
 * anywhere, POST to a page) a JSON 405 with its Allow header.
 */
/** The editor's preview page (src/routes/pre-visualizacao.tsx). */
const PREVIEW_PATH = '/pre-visualizacao';

export const webAppPlugin = fp<WebAppOptions>(
  async (app, { distDir, uploadsDir, adScriptUrl, campaignMeta, campaignRedirect, publicCache, clock }) => {
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Uploaded files are never run as pages, whatever their type says.
      // Covers are public images: other sites (and link previews) may embed them.
      setHeaders: (reply) => {
        reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });

    const indexPath = join(distDir, 'index.html');
    const manifest = readBuildManifest(distDir);
    const indexHtml = existsSync(indexPath)
      ? withEntryPreloads(renderIndexHtml(readFileSync(indexPath, 'utf8'), adScriptUrl), manifest)
      : null;
    const built = indexHtml !== null;
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: true,
        // The build's .br and .gz variants (vite.precompress.ts) go to clients that accept them, with
        // `Vary: Accept-Encoding`; they get no route of their own.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
      });
      // Hashed assets never change under the same name.
      app.addHook('onSend', (request, reply, payload, done) => {
        if (request.url.startsWith('/assets/') && reply.statusCode === 200)
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        done(null, payload);
      });
    }

    const isPagePath = (path: string): boolean => !isApiPath(path) && !isFilePath(path);
    const isWebRoute = (request: FastifyRequest): boolean =>
      isPagePath(pathOf(request.url)) && (request.method === 'GET' || request.method === 'HEAD');

    const matchRoute = loadWebRouteMatcher();
    // The interface's language lives in the browser (localStorage): the catalogs preloaded and the data
    // inlined are in the default language, which most visitors keep; others fetch theirs as before.
    /** The pages donors land on from a shared link: their code, catalogs, data and cover come with the HTML. */
    const firstScreenNeeds = (path: string, route: WebRouteMatch): (FirstScreenNeeds & { page: LandingPage }) | null => {
      if (path === '/') return { page: '/', chunks: landingChunks('/', DEFAULT_LOCALE), reads: homeFirstScreenReads() };
      if (route.kind !== 'campaign') return null;
      const page = path.replace(/\/+$/, '');
      const reads = campaignFirstScreenReads(route.slug);
      if (page === `/${route.slug}`) return { page: '/{slug}', chunks: landingChunks('/{slug}', DEFAULT_LOCALE), reads };
      if (page === `/${route.slug}/donate`)
        return { page: '/{slug}/donate', chunks: landingChunks('/{slug}/donate', DEFAULT_LOCALE), reads };
      return null;
    };
    // Built style sheets never change while the server runs: read once each.
    const styleTexts = new Map<string, string>();
    const readStyle = (href: string): string => {
      let text = styleTexts.get(href);
      if (text === undefined) {
        text = readFileSync(join(distDir, href.slice(1)), 'utf8');
        styleTexts.set(href, text);
      }
      return text;
    };
    const withFirstScreen = async (
      html: string,
      request: FastifyRequest,
      route: WebRouteMatch,
    ): Promise<{ html: string; answers: Record<string, { body: unknown }> }> => {
      const path = pathOf(request.url);
      const needs = firstScreenNeeds(path, route);
      if (!needs) return { html, answers: {} };
      const answers = await answerReads(app, needs.reads, DEFAULT_LOCALE);
      // The campaign's cover is its page's largest paint; the donation page does not show it.
      const campaign =
        needs.page === '/{slug}' ? (Object.values(answers)[0]?.body as { slug: string; cover_url: string | null } | undefined) : undefined;
      const image = campaign?.cover_url
        ? { href: campaign.cover_url, srcset: coverSrcSet(campaign.slug, campaign.cover_url), sizes: COVER_SIZES }
        : null;
      const markup =
        needs.page === '/'
          ? homeFirstScreen(app.translator, localeFromCookies(request.headers.cookie))
          : needs.page === '/{slug}'
            ? campaignFirstScreen(image)
            : '';
      const page = withFirstScreenMarkup(withoutStyleLinks(html, manifest, needs.chunks), markup);
      const head = firstScreenHead(page, manifest, { ...needs, image }, readStyle);
      const data = inlinedAnswersTag(answers, DEFAULT_LOCALE);
      const whole = page.replace('</head>', () => `  ${head}\n  </head>`).replace(/\s*<\/body>/, () => `\n    ${data}\n  </body>`);
      // A screen the HTML paints by itself asks for its code once painted (code-after-paint.ts).
      return { html: markup ? withCodeAfterPaint(whole) : whole, answers };
    };
    /** The campaign an inlined answer shows: what the page is dropped with, and when it changes by itself. */
    const shownCampaign = (answers: Record<string, { body: unknown }>) => {
      const body = Object.values(answers)[0]?.body as { id?: string; starts_at?: string | null; ends_at?: string | null } | undefined;
      if (!body?.id) return { campaignId: null, changesAt: null };
      const at = (value: string | null | undefined) => (value ? new Date(value) : null);
      return { campaignId: body.id, changesAt: nextChangeOf([{ startsAt: at(body.starts_at), endsAt: at(body.ends_at) }], clock.now()) };
    };
    /** A page that exists, with its tags and first screen; null for a campaign that is not (or no longer) public. */
    const renderPage = async (request: FastifyRequest, route: WebRouteMatch, slug: string | null) => {
      const meta = slug && campaignMeta ? await campaignMeta(slug) : null;
      if (slug !== null && meta === null && campaignMeta) return null;
      const page = meta ? renderOpenGraph(indexHtml as string, meta) : (indexHtml as string);
      const { html, answers } = await withFirstScreen(page, request, route);
      return { body: html, ...shownCampaign(answers) };
    };
    const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
      // A page the app does not have, or a campaign that does not exist or is not public, is a real 404
      // (not a soft one): the same index.html, whose router then shows its not-found page.
      const path = pathOf(request.url);
      const route = matchRoute(path);
      const slug = route.kind === 'campaign' && slugSchema.safeParse(route.slug).success ? route.slug : null;
      // The campaign editor shows its preview in frames of its own page (same origin only); nothing else is framed.
      const csp = reply.getHeader('content-security-policy');
      if (path === PREVIEW_PATH && typeof csp === 'string') {
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      }
      if (request.method === 'GET' && (route.kind === 'static' || slug !== null)) {
        // Only the home's first screen is written in the visitor's language (its cookie); pages are the same for everyone else.
        const locale = path === '/' ? localeFromCookies(request.headers.cookie) : DEFAULT_LOCALE;
        const answer = await publicCache.answerOrNull(`page:${locale}:${path}`, () => renderPage(request, route, slug));
        if (answer)
          return sendPublicAnswer(request, reply, answer, { type: 'text/html; charset=utf-8', vary: path === '/' ? 'Cookie' : null });
      }
      const meta = slug && campaignMeta ? await campaignMeta(slug) : null;
      const renamed = slug && !meta && campaignRedirect ? await campaignRedirect(slug) : null;
      if (renamed) {
        const query = request.url.indexOf('?');
        return reply.redirect(`/${encodeURIComponent(renamed)}${query >= 0 ? request.url.slice(query) : ''}`, 301);
      }
      const found = route.kind === 'static' || (slug !== null && (meta !== null || !campaignMeta));
      const page = meta ? renderOpenGraph(indexHtml as string, meta) : (indexHtml as string);
      return reply
        .status(found ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(found && request.method === 'GET' ? (await withFirstScreen(page, request, route)).html : page);
    };

    if (built) {
      // Web routes are a real route (the files above win, being more specific) rather than the
      // not-found handler: route hooks, @fastify/compress's among them, never run for that handler.
      app.get('/*', async (request, reply) => (isWebRoute(request) ? sendApp(request, reply) : reply.callNotFound()));
    }

    refuseUnroutableMethods(
      app.server,
      (path) => allowedMethods(app, path, isPagePath(path)),
      (acceptLanguage) =>
        JSON.stringify({
          message: app.translator.translate(localeFromAcceptLanguage(acceptLanguage), methodNotAllowedMessage),
          code: errorCodes.methodNotAllowed,
        }),
    );
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      // A path that is there for other methods (TRACE /, a DELETE where only GET is served) is a 405.
      const path = pathOf(request.url);
      const allowed = allowedMethods(app, path, isPagePath(path));
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send({ message: request.t(methodNotAllowedMessage), code: errorCodes.methodNotAllowed });
      }
      if (!isWebRoute(request)) {
        return reply.status(404).send({ message: request.t(m.notFound), code: errorCodes.notFound });
      }
      if (!built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet. Run `npm run build` (npm start does it for you), then reload.\n');
      }
      return sendApp(request, reply);
    });
  },
  { name: 'semear-web-app', dependencies: ['semear-i18n'] },
);
