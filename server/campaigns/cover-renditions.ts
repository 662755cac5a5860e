import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { COVER_WIDTHS } from '../../contracts/campaigns';
import { coverKey, uploadedCoverId } from '../services/admin/campaign-images';
import type { FileStorage } from '../services/storage/file-storage';
import { coverFile } from './share-image';

export type CoverWidth = (typeof COVER_WIDTHS)[number];

/** `{slug}-{width}.webp` → its slug and width, or null for any other name. */
export function parseCoverRendition(file: string): { slug: string; width: CoverWidth } | null {
  const match = /^(.+)-(\d+)\.webp$/.exec(file);
  const width = Number(match?.[2]);
  return match && (COVER_WIDTHS as readonly number[]).includes(width) ? { slug: match[1] as string, width: width as CoverWidth } : null;
}

interface Rendition {
  body: Buffer;
  etag: string;
}

/**
 * Draws a raster cover at a served width (never enlarged), as WebP, and keeps the latest ones in memory
 * keyed by the file, its modification time and the width: a new cover draws anew, and a page's
 * visitors after the first cost nothing. Null when the campaign has no raster cover sharp can read.
 */
export function createCoverRenditions(uploadsDir: string, storage: FileStorage, maxEntries = 96) {
  const cache = new Map<string, Promise<Rendition | null>>();
  return async function rendition(coverImage: string | null, width: CoverWidth): Promise<Rendition | null> {
    const uploaded = uploadedCoverId(coverImage);
    if (uploaded) {
      // Drawn at upload (docs/admin.md), with an id that changes with the content.
      const stored = await storage.get(coverKey(uploaded, width));
      return stored ? { body: stored.body, etag: `"${uploaded}-${width}"` } : null;
    }
    const file = coverFile(uploadsDir, coverImage);
    if (!file || file.toLowerCase().endsWith('.svg')) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const key = JSON.stringify([file, info.mtimeMs, info.size, width]);
    let drawn = cache.get(key);
    cache.delete(key);
    if (!drawn) {
      const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
      drawn = sharp(file)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer()
        .then(
          (body) => ({ body, etag }),
          () => null,
        );
    }
    cache.set(key, drawn);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return drawn;
  };
}
