import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLogoSchema } from '../../contracts/gift-cards';
import { newSession } from './helpers/fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1F8A5B' } })
    .png()
    .toBuffer();
const upload = (token: string | undefined, body: Buffer, contentType = 'image/png', locale?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/gift-card-logos',
    payload: body,
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(locale ? { 'accept-language': locale } : {}),
    },
  });
const storedLogos = () => {
  const dir = join(ctx.dataDir, 'uploads', 'logos');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /gift-card-logos', () => {
  it('keeps a 19:9 logo as a PNG and serves it as an image that cannot act as a page', async () => {
    const buyer = await newSession(ctx.app);
    // Whatever type the browser claims, the bytes decide.
    const response = await upload(buyer.token, await png(3800, 1800), 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(201);
    const logo = companyLogoSchema.parse(response.json());
    expect(logo).toMatchObject({ width: 1900, height: 900, url: `/img/logos/${logo.id}.png` });

    const served = await ctx.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    expect((await ctx.app.inject({ method: 'GET', url: '/img/logos/not-a-logo.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/img/logos/${crypto.randomUUID()}.png` })).statusCode).toBe(404);
  });

  it('refuses with a clear message in the caller’s language, and keeps nothing: 19:10, a gif, over 2 MB', async () => {
    const buyer = await newSession(ctx.app);
    const before = storedLogos();
    const ratio = await upload(buyer.token, await png(1900, 1000));
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json()).toEqual({
      code: 'gift_card.logo_invalid',
      message: 'O logo deve ter a proporção 19:9 (por exemplo, 1900 × 900 pixels)',
    });
    const english = await upload(buyer.token, await png(1900, 1000), 'image/png', 'en');
    expect(english.json().message).toBe('The logo must have a 19:9 proportion (for example, 1900 × 900 pixels)');
    const gif = await sharp({ create: { width: 19, height: 9, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(buyer.token, gif, 'image/png')).json().message).toBe('Envie o logo em jpeg, jpg ou png');
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    (await png(19, 9)).copy(big);
    expect((await upload(buyer.token, big)).json().message).toBe('O logo deve ter no máximo 2 MB');
    expect((await upload(buyer.token, Buffer.alloc(0))).statusCode).toBe(400);
    expect(storedLogos()).toEqual(before);
  });

  it('needs a signed-in buyer, and takes image bytes only', async () => {
    expect((await upload(undefined, await png(1900, 900))).statusCode).toBe(401);
    const buyer = await newSession(ctx.app);
    expect((await upload(buyer.token, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
  });
});
