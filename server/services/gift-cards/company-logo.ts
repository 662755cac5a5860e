import sharp from 'sharp';
import { giftCardMessages as gc } from '../../../contracts/gift-card-messages';

/** Corporate gift cards' logo (docs/spec.md §5, §9): jpeg or png, 2 MB at most, 19:9 within 1%. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_RATIO = 19 / 9;
export const LOGO_RATIO_TOLERANCE = 0.01;
/** A logo is drawn at most this wide on the cards, the e-mails and the PDF: larger ones are scaled down. */
export const LOGO_MAX_WIDTH = 1900;
/**
 * Pixels a logo may decode to (a 2 MB PNG can claim 50,000 × 50,000 and take gigabytes to decode: a
 * decompression bomb). 16 megapixels is four times a 1900 × 900 logo at double density.
 */
export const LOGO_MAX_PIXELS = 16_000_000;

export type LogoCheck = { ok: true; png: Buffer; width: number; height: number } | { ok: false; problem: string };

/** The file's type from its first bytes, never from its name or the type the browser claimed. */
export function imageKind(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return png.every((byte, i) => bytes[i] === byte) ? 'png' : null;
}

/**
 * Checks an uploaded logo and re-encodes it as a fresh PNG (no metadata, no trailing bytes, nothing
 * of the original file but its pixels), at most LOGO_MAX_WIDTH wide. The proportion is measured on
 * the decoded image, after its EXIF rotation.
 */
export async function checkCompanyLogo(bytes: Uint8Array): Promise<LogoCheck> {
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, problem: gc.logoTooBig.id };
  if (!imageKind(bytes)) return { ok: false, problem: gc.logoType.id };
  try {
    const image = sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' }).rotate();
    const { data, info } = await image
      .resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    const ratio = info.width / info.height;
    if (Math.abs(ratio - LOGO_RATIO) / LOGO_RATIO > LOGO_RATIO_TOLERANCE) return { ok: false, problem: gc.logoRatio.id };
    return { ok: true, png: data, width: info.width, height: info.height };
  } catch {
    // Too many pixels, a truncated file, or bytes that only start like an image.
    return { ok: false, problem: gc.logoUnreadable.id };
  }
}
