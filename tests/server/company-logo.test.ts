import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkCompanyLogo, imageKind, LOGO_MAX_BYTES } from '../../server/services/gift-cards/company-logo';

const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const drawn = sharp({ create: { width, height, channels: 3, background: { r: 31, g: 138, b: 91 } } });
  return (format === 'png' ? drawn.png() : drawn.jpeg()).toBuffer();
};

describe('corporate gift card logo (docs/spec.md §5)', () => {
  it('takes a 19:9 png or jpeg and stores a fresh png of it, at most 1900 px wide', async () => {
    const png = await checkCompanyLogo(await image(1900, 900));
    expect(png).toMatchObject({ ok: true, width: 1900, height: 900 });
    const jpeg = await checkCompanyLogo(await image(3800, 1800, 'jpeg'));
    expect(jpeg).toMatchObject({ ok: true, width: 1900, height: 900 });
    if (jpeg.ok) expect(imageKind(jpeg.png)).toBe('png');
  });

  it('accepts 19:9 within 1% and refuses 19:10', async () => {
    expect((await checkCompanyLogo(await image(1900, 905))).ok).toBe(true);
    expect(await checkCompanyLogo(await image(1900, 1000))).toEqual({ ok: false, problem: 'validation.logo.ratio' });
    expect(await checkCompanyLogo(await image(1000, 1000))).toEqual({ ok: false, problem: 'validation.logo.ratio' });
  });

  it('tells the type by the bytes: a gif, an svg or a script named logo.png are refused', async () => {
    const gif = await sharp({ create: { width: 19, height: 9, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await checkCompanyLogo(gif)).toEqual({ ok: false, problem: 'validation.logo.type' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="19" height="9"><script>alert(1)</script></svg>');
    expect(await checkCompanyLogo(svg)).toEqual({ ok: false, problem: 'validation.logo.type' });
    // Starts like a PNG, is not one.
    expect(await checkCompanyLogo(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).toEqual({
      ok: false,
      problem: 'validation.logo.unreadable',
    });
  });

  it('refuses more than 2 MB', async () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await checkCompanyLogo(big)).toEqual({ ok: false, problem: 'validation.logo.too_big' });
  });

  it('refuses a pixel flood (a small file that decodes to tens of megapixels) without decoding it', async () => {
    const flood = await sharp({ create: { width: 9500, height: 4500, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.byteLength).toBeLessThan(LOGO_MAX_BYTES);
    expect(await checkCompanyLogo(flood)).toEqual({ ok: false, problem: 'validation.logo.unreadable' });
  });

  it('keeps nothing of the file but its pixels: bytes appended after the image are gone', async () => {
    const marker = '<script>steal()</script>';
    const tainted = Buffer.concat([await image(1900, 900), Buffer.from(marker)]);
    const checked = await checkCompanyLogo(tainted);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.png.includes(Buffer.from(marker))).toBe(false);
  });
});
