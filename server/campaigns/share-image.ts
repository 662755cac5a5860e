import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { escapeHtml } from '../http/escape-html';
import { formatBrlText } from '../i18n/format';
import { coverKey, uploadedCoverId } from '../services/admin/campaign-images';
import type { FileStorage } from '../services/storage/file-storage';

/** Link previews are drawn at the size WhatsApp, Facebook and X recommend for a large image. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** What a campaign's share image is drawn from. */
export interface ShareImageSource {
  title: string;
  /** The cover's public path (/uploads/...), or null. */
  coverImage: string | null;
  goalCents: number | null;
  raised: number;
}

/** The public path of a campaign's share image, outside /api so crawlers fetch a plain image URL. */
export const shareImagePath = (slug: string): string => `/og/${encodeURIComponent(slug)}.jpg`;

const UPLOADS_PREFIX = '/uploads/';

/** The cover's file inside the uploads folder, or null when the path leaves it or is not an upload. */
export function coverFile(uploadsDir: string, coverImage: string | null): string | null {
  if (!coverImage?.startsWith(UPLOADS_PREFIX)) return null;
  const file = resolve(uploadsDir, decodeURIComponent(coverImage.slice(UPLOADS_PREFIX.length)));
  const inside = relative(resolve(uploadsDir), file);
  return inside && !inside.startsWith('..') && !inside.startsWith(sep) ? file : null;
}

/** The title in at most three lines of about 26 characters, the last one cut with an ellipsis. */
function titleLines(title: string, perLine = 26, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((text) => (text.length > perLine ? `${text.slice(0, perLine - 1)}…` : text));
  if (lines.length > maxLines) kept[maxLines - 1] = `${(kept[maxLines - 1] as string).slice(0, perLine - 1)}…`;
  return kept;
}

/** What the card shows of the progress: raised (and the goal with its share), in whole reais. */
function progressOf(source: ShareImageSource): { raised: string; goal: string | null; percent: number | null } {
  const reais = (cents: number) => formatBrlText(Math.floor(cents / 100) * 100).replace(/,00$/, '');
  if (!source.goalCents) return { raised: reais(source.raised), goal: null, percent: null };
  return {
    raised: reais(source.raised),
    goal: reais(source.goalCents),
    percent: Math.min(100, Math.floor((source.raised / source.goalCents) * 100)),
  };
}

/**
 * The card of a campaign without a cover: its title and progress on the brand's green, as SVG for
 * sharp to render. Organisers write the titles: every text is escaped.
 */
export function shareCardSvg(source: ShareImageSource): string {
  const { width, height } = SHARE_IMAGE;
  const progress = progressOf(source);
  const lines = titleLines(source.title);
  const title = lines
    .map((line, index) => `<text x="80" y="${170 + index * 78}" font-size="64" font-weight="700" fill="#ffffff">${escapeHtml(line)}</text>`)
    .join('\n  ');
  const bar =
    progress.percent === null
      ? ''
      : `<rect x="80" y="470" width="1040" height="28" rx="14" fill="#ffffff" fill-opacity=".25"/>
  <rect x="80" y="470" width="${Math.max(28, Math.round((1040 * progress.percent) / 100))}" height="28" rx="14" fill="#f5c542"/>`;
  const figures = progress.goal === null ? progress.raised : `${progress.raised} / ${progress.goal} · ${progress.percent}%`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Inter, 'DejaVu Sans', Arial, sans-serif">
  <rect width="${width}" height="${height}" fill="#1f6f43"/>
  <text x="80" y="80" font-size="36" font-weight="700" fill="#f5c542">Semear</text>
  ${title}
  ${bar}
  <text x="80" y="570" font-size="40" fill="#ffffff">${escapeHtml(figures)}</text>
</svg>`;
}

interface Rendered {
  body: Buffer;
  etag: string;
}

/**
 * Renders share images and keeps the latest ones in memory: an image is keyed by everything drawn on it
 * (the cover file and its modification time, or the title and progress in whole reais), so a new cover or
 * a donation that changes the card draws a new one, and a crawler's second visit costs nothing.
 */
export function createShareImageRenderer(uploadsDir: string, storage: FileStorage, maxEntries = 64) {
  // Promises, so that crawlers arriving together for a new image wait for one drawing.
  const cache = new Map<string, Promise<Rendered>>();

  async function keyAndDraw(slug: string, source: ShareImageSource): Promise<{ key: string; draw: () => Promise<Buffer> }> {
    const uploaded = uploadedCoverId(source.coverImage);
    if (uploaded) {
      // An uploaded cover's id changes with its content: the id alone keys it.
      return {
        key: JSON.stringify(['upload', slug, uploaded]),
        draw: async () => {
          const stored = await storage.get(coverKey(uploaded));
          return stored ? toJpeg(sharp(stored.body)).catch(() => drawCard(source)) : drawCard(source);
        },
      };
    }
    const file = coverFile(uploadsDir, source.coverImage);
    const cover = file ? await stat(file).catch(() => null) : null;
    if (file && cover?.isFile()) {
      // A cover that is not an image sharp can read gets the card instead of no preview.
      return {
        key: JSON.stringify(['cover', slug, file, cover.mtimeMs, cover.size]),
        draw: () => toJpeg(sharp(file)).catch(() => drawCard(source)),
      };
    }
    return { key: JSON.stringify(['card', slug, shareCardSvg(source)]), draw: () => drawCard(source) };
  }

  return async function render(slug: string, source: ShareImageSource): Promise<Rendered> {
    const { key, draw } = await keyAndDraw(slug, source);
    let rendered = cache.get(key);
    // Most recently used last: the first entry is the one to drop.
    cache.delete(key);
    if (!rendered) {
      const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
      rendered = draw().then((body) => ({ body, etag }));
      rendered.catch(() => cache.delete(key));
    }
    cache.set(key, rendered);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return rendered;
  };
}

const drawCard = (source: ShareImageSource): Promise<Buffer> => toJpeg(sharp(Buffer.from(shareCardSvg(source))));

const toJpeg = (image: Sharp): Promise<Buffer> =>
  image
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
