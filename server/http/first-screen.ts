import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { INLINED_ANSWERS_ID, type InlinedAnswer } from '../../contracts/first-screen';
import type { Locale } from '../../contracts/constants';
import { escapeHtml } from './escape-html';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a first page needs before it can paint: its route chunks, its catalogs, its data, its largest image. */
export interface FirstScreenNeeds {
  /** Manifest keys: route components (`src/routes/…?tsr-split=component`) and catalog scopes. */
  chunks: string[];
  /** Public API reads answered inside the HTML. */
  reads: string[];
  /** The LCP image, fetched at once with high priority (from its srcset when it has one, as the page's <img> will). */
  image?: { href: string; srcset: string | null; sizes: string } | null;
}

export function readBuildManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The chunk files and style sheets of the given manifest keys and of everything they import. */
export function chunkFiles(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * index.html with a modulepreload of every chunk its entry imports: the build writes none (Vite's
 * own preloading is off, see vite.config.ts), and without them the browser finds the framework only
 * after the entry has arrived.
 */
export function withEntryPreloads(html: string, manifest: Manifest): string {
  const { scripts } = chunkFiles(manifest, ['index.html']);
  const links = scripts.filter((href) => !html.includes(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`);
  if (links.length === 0) return html;
  // Right after the entry's script, where the build would put them: fetched before anything else.
  const entry = /<script type="module"[^>]*><\/script>/.exec(html);
  const at = entry ? entry.index + entry[0].length : html.indexOf('</head>');
  return `${html.slice(0, at)}\n    ${links.join('\n    ')}${html.slice(at)}`;
}

/** JSON inside a <script>: nothing in it can close the element or start a comment (`<`, U+2028/9 escaped). */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Answers the public reads as the API would in `locale`, without a session (the answers are the same
 * for everyone), keyed by their URL as the client will ask for it. A read that fails is left out: the
 * page then asks for it itself.
 */
export async function answerReads(app: FastifyInstance, reads: readonly string[], locale: Locale): Promise<Record<string, InlinedAnswer>> {
  const answers = await Promise.all(
    reads.map(async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': locale } });
      if (response.statusCode !== 200) return null;
      const total = Number(response.headers['x-total-count']);
      return [
        url,
        {
          status: 200,
          total: Number.isFinite(total) && response.headers['x-total-count'] !== undefined ? total : null,
          body: response.json(),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(answers.filter((entry) => entry !== null));
}

/**
 * The tags that go before </head>: preloads (image first: it is the largest paint) and the page's style
 * sheets inlined. `readStyle` gives a built CSS file's text by its URL.
 */
export function firstScreenHead(html: string, manifest: Manifest, needs: FirstScreenNeeds, readStyle: (href: string) => string): string {
  const { scripts, styles } = chunkFiles(manifest, ['index.html', ...needs.chunks]);
  const tags = [
    ...(needs.image ? [imagePreload(needs.image)] : []),
    // Inlined rather than linked: a linked sheet blocks the first paint until it has come, behind the
    // scripts on a slow phone's connection. The page's <link>s to them are taken out (withoutStyleLinks).
    ...(styles.length > 0
      ? [
          `<style>${styles
            .map(readStyle)
            .join('\n')
            .replace(/<\/style/gi, '<\\/style')}</style>`,
        ]
      : []),
    // index.html already links the entry's own chunks.
    ...scripts.filter((href) => !html.includes(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ];
  return tags.join('\n    ');
}

/**
 * The data in its language, for the end of the body: in the head its kilobytes came before the first
 * screen's markup, and the parser painted a blank page first (nothing reads it before the code runs).
 */
export function inlinedAnswersTag(answers: Record<string, InlinedAnswer>, locale: Locale): string {
  if (Object.keys(answers).length === 0) return '';
  return `<script type="application/json" id="${INLINED_ANSWERS_ID}" data-locale="${locale}">${scriptSafeJson(answers)}</script>`;
}

/** index.html without its <link rel="stylesheet"> to the given sheets (inlined by firstScreenHead). */
export function withoutStyleLinks(html: string, manifest: Manifest, keys: readonly string[]): string {
  const { styles } = chunkFiles(manifest, ['index.html', ...keys]);
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g, (tag, href: string) => (styles.includes(href) ? '' : tag));
}

const imagePreload = ({ href, srcset, sizes }: { href: string; srcset: string | null; sizes: string }): string =>
  srcset
    ? `<link rel="preload" as="image" href="${escapeHtml(href)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`
    : `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`;

/** The manifest keys of a locale's catalog scopes (src/app/i18n/catalogs.ts loads them). */
export const catalogChunks = (locale: Locale, scopes: readonly string[]): string[] =>
  scopes.map((scope) => `locales/${locale}/messages.po?scope=${scope}`);
