import { PassThrough } from 'node:stream';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { donations, pageViews, savedCards, subscriptions, users } from '../../server/db/schema';
import { newSession, newUserInput } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let logs = '';
let donor: Awaited<ReturnType<typeof newSession>>;
let slug: string;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  ctx = await createTestContext({ LOG_LEVEL: 'warn' }, { logStream: stream });
  // A value the schema lets through but the database refuses (here a number too large for an integer).
  ctx.app.post(
    '/api/v1/test/refused-value',
    { schema: { body: z.object({ quantity: z.string(), secret_note: z.string() }) } },
    async (request) => {
      await ctx.database.db.execute(sql`select ${(request.body as { quantity: string }).quantity}::int`);
      return { ok: true };
    },
  );
  donor = await newSession(ctx.app);
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

const INVALID = 'Este campo contém caracteres inválidos';

async function rows() {
  const n = async (table: PgTable) => Number((await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    donations: await n(donations),
    page_views: await n(pageViews),
    saved_cards: await n(savedCards),
    subscriptions: await n(subscriptions),
    users: await n(users),
  };
}

const NUL = '\u0000';

describe('a control character or a lone surrogate in any text', () => {
  const cases: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>]> = [
    ['search q', () => call(ctx.app, 'GET', '/api/v1/campaigns?q=horta%00')],
    ['search category', () => call(ctx.app, 'GET', '/api/v1/campaigns?category=%00')],
    ['search tag', () => call(ctx.app, 'GET', '/api/v1/campaigns?tag=a%01b')],
    ['a campaign slug in the path', () => call(ctx.app, 'GET', '/api/v1/campaigns/horta%00')],
    ['the messages of a campaign slug', () => call(ctx.app, 'GET', '/api/v1/campaigns/horta%00/messages')],
    ['a donation id', () => call(ctx.app, 'GET', '/api/v1/donations/x%00')],
    ['a CEP', () => call(ctx.app, 'GET', '/api/v1/addresses/cep/01310%00100')],
    ['a donation message', () => give(ctx.app, slug, donationBody({ method: 'pix' }, { message: `Força${NUL}` }))],
    ['a donation message with a lone surrogate', () => give(ctx.app, slug, donationBody({ method: 'pix' }, { message: 'Força \ud800' }))],
    [
      'a corporate name',
      () =>
        give(
          ctx.app,
          slug,
          donationBody(
            { method: 'pix' },
            {
              contact: {
                is_company: true,
                corporate_name: `Raízes${NUL}`,
                contact_name: 'Maria da Silva',
                email: personContact.email,
                cnpj: '11.222.333/0001-81',
                telephone: personContact.telephone,
              },
            },
          ),
        ),
    ],
    [
      'a donation address',
      () => give(ctx.app, slug, donationBody({ method: 'pix' }, { address: { ...brazilianAddress, city: `São${NUL}Paulo` } })),
    ],
    ['the campaign slug of a donation', () => give(ctx.app, null, donationBody({ method: 'pix' }, { campaign_slug: `${slug}${NUL}` }))],
    [
      'a profile address',
      () =>
        call(
          ctx.app,
          'PUT',
          '/api/v1/users/profile',
          { name: 'Maria da Silva', phone: '(11) 98765-4321', address: { ...brazilianAddress, street_address: `Av${NUL}` } },
          { token: donor.token },
        ),
    ],
    ['a sign-up name', () => call(ctx.app, 'POST', '/api/v1/users', newUserInput({ name: `Maria${NUL}` }))],
    [
      'an analytics path',
      () => call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: `/${NUL}`, occurred_at: new Date().toISOString() }] }),
    ],
    [
      'an analytics path with a lone surrogate',
      () => call(ctx.app, 'POST', '/api/v1/analytics/page-views', { views: [{ path: '/\udc00', occurred_at: new Date().toISOString() }] }),
    ],
    [
      'an analytics referrer with DEL',
      () =>
        call(ctx.app, 'POST', '/api/v1/analytics/page-views', {
          views: [{ path: '/', referrer: 'x\u007f', occurred_at: new Date().toISOString() }],
        }),
    ],
    [
      'the cause of the automatic donation',
      () => call(ctx.app, 'PUT', '/api/v1/wallet/auto-donation-cause', { campaign_slug: `horta${NUL}` }, { token: donor.token }),
    ],
    ['a cancel-link token', () => call(ctx.app, 'GET', `/api/v1/subscriptions/cancel-by-link?token=abcdefghij%00`)],
  ];

  it.each(cases)('%s is a 400 that writes nothing', async (_name, send) => {
    const before = await rows();
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
    expect((response.json() as { message: string[] }).message).toContain(INVALID);
    expect(await rows()).toEqual(before);
  });

  it('is refused in the language of the request', async () => {
    const english = await call(ctx.app, 'GET', '/api/v1/campaigns?q=%00', undefined, { locale: 'en' });
    expect(english.json()).toEqual({ code: 'validation.failed', message: ['This field contains invalid characters'] });
    const spanish = await call(ctx.app, 'GET', '/api/v1/campaigns?q=%00', undefined, { locale: 'es' });
    expect(spanish.json()).toEqual({ code: 'validation.failed', message: ['Este campo contiene caracteres no válidos'] });
  });

  it('a donation message keeps its line breaks', async () => {
    const response = await give(ctx.app, slug, donationBody({ method: 'pix' }, { message: 'Força,\r\npessoal!\n\tAbraços' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().donation.message).toBe('Força,\r\npessoal!\n\tAbraços');
  });
});

describe('POST /subscriptions with a bad byte', () => {
  it('is a 400 that keeps no card (it used to save the card, then answer 500)', async () => {
    const before = await rows();
    const response = await call(
      ctx.app,
      'POST',
      '/api/v1/subscriptions',
      {
        amount: 5000,
        payment: { method: 'card', card_token: await sandboxCardToken(ctx.app) },
        contact: { ...personContact, email: donor.user.email },
        address: { ...brazilianAddress, complement: `apto${NUL}` },
      },
      { token: donor.token, headers: { 'idempotency-key': `key-${Date.now()}-bytes` } },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(await rows()).toEqual(before);
  });
});

describe('a value the database refuses', () => {
  it('is a 400 "Dados inválidos", logged at warn with the route, method and the field names, never the values', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/test/refused-value', {
      quantity: '99999999999999999999',
      secret_note: 'segredo-do-cofre-42',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation.failed', message: 'Dados inválidos' });
    const line = logs.split('\n').find((l) => l.includes('database refused a value of the request'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 40, sqlState: '22003', method: 'POST', route: '/api/v1/test/refused-value' });
    expect(logs).not.toContain('segredo-do-cofre-42');
    expect(logs).not.toContain('99999999999999999999');
  });

  it('names the fields with control characters', async () => {
    await call(ctx.app, 'POST', '/api/v1/test/refused-value', { quantity: `1${NUL}`, secret_note: 'ok' });
    const line = logs
      .split('\n')
      .filter((l) => l.includes('database refused a value of the request'))
      .at(-1);
    expect(JSON.parse(line!)).toMatchObject({ fields: ['body.quantity'] });
  });
});
