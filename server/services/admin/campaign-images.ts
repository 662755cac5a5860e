import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { adminMessages as am } from '../../../contracts/admin-messages';
import { COVER_MAX_BYTES, coverCrop, type UploadedImage } from '../../../contracts/admin-campaign-editor';
import { COVER_WIDTHS } from '../../../contracts/campaigns';
import { errorCodes } from '../../../contracts/errors';
import type { MessageDescriptor } from '../../../contracts/messages';
import { invalid } from '../../domain/errors';
import type { FileStorage } from '../storage/file-storage';

/**
 * Images the campaign editor uploads (docs/admin.md): covers and pictures inside stories. The bytes
 * decide the type (JPEG, PNG or WebP; never what the browser claimed, never SVG), a decoded size limit
 * stops pixel floods, and what is kept is a fresh encoding of the pixels only (no metadata, no trailing
 * bytes). A refused image writes nothing.
 */

/** Pixels an upload may decode to: a 5 MB PNG can claim 100,000 × 100,000 (a decompression bomb). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The cover as kept (and shared: the link preview's image), cropped to 16:9. */
export const COVER_WIDTH = 1920;
export const COVER_MIN = { width: 960, height: 540 };
export const STORY_IMAGE_WIDTH = 1360;

export const coverKey = (id: string, width?: number) => (width ? `campaign-covers/${id}-${width}.webp` : `campaign-covers/${id}.jpg`);
export const coverUrl = (id: string) => `/img/campaign-covers/${id}.jpg`;
export const storyImageKey = (id: string) => `story-images/${id}.webp`;
export const storyImageUrl = (id: string) => `/img/story-images/${id}.webp`;

/** The id of one of our uploaded covers in a cover URL, or null (seed files, anything else). */
export const uploadedCoverId = (url: string | null): string | null =>
  /^\/img\/campaign-covers\/([0-9a-f-]{36})\.jpg$/.exec(url ?? '')?.[1] ?? null;

/** The type from the first bytes. */
export function rasterKind(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (sig: number[], at = 0) => sig.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const refuse = (message: MessageDescriptor) => invalid(errorCodes.imageInvalid, message);

/** The image decoded (EXIF rotation applied) and its size, or the refusal. */
interface Decoded {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function decode(bytes: Uint8Array): Promise<Decoded> {
  if (bytes.byteLength > COVER_MAX_BYTES) throw refuse(am.imageTooBig);
  if (!rasterKind(bytes)) throw refuse(am.imageType);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw refuse(am.imageUnreadable);
  }
}

/** Crops an uploaded cover to 16:9 around its focal point and keeps it with its served widths. */
export async function storeCover(storage: FileStorage, bytes: Uint8Array, focus: { x: number; y: number }): Promise<UploadedImage> {
  const decoded = await decode(bytes);
  if (decoded.width < COVER_MIN.width || decoded.height < COVER_MIN.height) throw refuse(am.imageTooSmall);
  const raw = { raw: { width: decoded.width, height: decoded.height, channels: decoded.channels } };
  const crop = coverCrop(decoded.width, decoded.height, focus);
  const cropped = await sharp(decoded.pixels, raw).extract(crop).resize({ width: COVER_WIDTH, withoutEnlargement: true }).toBuffer({
    resolveWithObject: true,
  });
  const base = sharp(cropped.data, { raw: { width: cropped.info.width, height: cropped.info.height, channels: cropped.info.channels } });
  const id = randomUUID();
  const jpeg = await base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
  const renditions = await Promise.all(
    COVER_WIDTHS.map(async (width) => ({
      width,
      body: await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    })),
  );
  await Promise.all([
    storage.put(coverKey(id), jpeg, 'image/jpeg'),
    ...renditions.map((r) => storage.put(coverKey(id, r.width), r.body, 'image/webp')),
  ]);
  return { url: coverUrl(id), width: cropped.info.width, height: cropped.info.height };
}

/** A picture for a story, kept as WebP at most STORY_IMAGE_WIDTH wide. */
export async function storeStoryImage(storage: FileStorage, bytes: Uint8Array): Promise<UploadedImage> {
  const decoded = await decode(bytes);
  const { data, info } = await sharp(decoded.pixels, { raw: { width: decoded.width, height: decoded.height, channels: decoded.channels } })
    .resize({ width: STORY_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const id = randomUUID();
  await storage.put(storyImageKey(id), data, 'image/webp');
  return { url: storyImageUrl(id), width: info.width, height: info.height };
}
