import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianAddress, createCampaign, donationBody, give, moneyRowCounts, personContact } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

const card = { method: 'card', card_token: 'tok_whatever' } as const;
const company = {
  is_company: true,
  corporate_name: 'Padaria Pão Quente Ltda',
  contact_name: 'Carla Mendes',
  email: 'carla@paoquente.com.br',
  cnpj: '11.222.333/0001-81',
  telephone: '(81) 3333-4444',
};
const foreignAddress = {
  country: 'US',
  zip_code: '94103',
  state: 'CA',
  city: 'San Francisco',
  street_address: 'Market St',
  house_number: '1',
};

/** docs/spec.md §5 for the donation checkout: each bad input, the exact Portuguese message. */
const cases: Array<[string, Record<string, unknown>, string]> = [
  ['contact name missing', donationBody(card, { contact: { ...personContact, name: '' } }), 'O nome é obrigatório'],
  ['contact name with digits', donationBody(card, { contact: { ...personContact, name: 'Maria 2' } }), 'O nome deve conter apenas letras'],
  ['corporate name missing', donationBody(card, { contact: { ...company, corporate_name: '' } }), 'A razão social é obrigatória'],
  [
    'contact name of a company missing',
    donationBody(card, { contact: { ...company, contact_name: '' } }),
    'O nome do responsável é obrigatório',
  ],
  ['e-mail invalid', donationBody(card, { contact: { ...personContact, email: 'maria@' } }), 'E-mail inválido'],
  ['CPF missing', donationBody(card, { contact: { ...personContact, cpf: '' } }), 'O CPF é obrigatório'],
  ['CPF invalid', donationBody(card, { contact: { ...personContact, cpf: '111.111.111-11' } }), 'CPF inválido'],
  ['CNPJ invalid', donationBody(card, { contact: { ...company, cnpj: '11.222.333/0001-00' } }), 'CNPJ inválido'],
  ['phone missing', donationBody(card, { contact: { ...personContact, telephone: '' } }), 'O telefone é obrigatório'],
  ['phone invalid', donationBody(card, { contact: { ...personContact, telephone: '123' } }), 'Telefone inválido'],
  ['card token missing', donationBody({ method: 'card', card_token: '' }), 'Os dados do cartão expiraram. Digite o cartão de novo.'],
  ['gift card code not a UUID', donationBody({ method: 'gift_card', code: 'abc-123' }), 'Código inserido é inválido'],
  ['CEP missing', donationBody(card, { address: { ...brazilianAddress, zip_code: '' } }), 'O CEP é obrigatório'],
  ['CEP invalid', donationBody(card, { address: { ...brazilianAddress, zip_code: '123' } }), 'CEP inválido'],
  ['no address at all', donationBody(card, { address: null }), 'O CEP é obrigatório'],
  ['city missing', donationBody(card, { address: { ...brazilianAddress, city: '' } }), 'A cidade é obrigatória'],
  ['state missing', donationBody(card, { address: { ...brazilianAddress, state: '' } }), 'O estado é obrigatório'],
  ['country missing', donationBody(card, { address: { ...brazilianAddress, country: '' } }), 'O país é obrigatório'],
  ['house number invalid', donationBody(card, { address: { ...brazilianAddress, house_number: '12-B-xyz' } }), 'Número inválido'],
  [
    'address abroad without the foreigner flag',
    donationBody(card, { address: foreignAddress }),
    'O endereço deve ser no Brasil. Se você mora fora, marque a opção de estrangeiro.',
  ],
  [
    'a foreigner paying by card',
    donationBody(card, {
      contact: { foreigner: true, name: 'John Smith', email: 'john@example.com', telephone: '+1 415 555 0100' },
      address: foreignAddress,
    }),
    'Doadores estrangeiros só podem pagar com PayPal.',
  ],
  [
    'PayPal without the foreigner flag',
    donationBody({ method: 'paypal' }),
    'O PayPal é para doadores estrangeiros. Escolha cartão ou PIX.',
  ],
  ['amount missing', { ...donationBody(card), amount: undefined }, 'O valor é obrigatório'],
  ['fractional amount', donationBody(card, { amount: 1000.5 }), 'Informe o valor em centavos inteiros'],
  ['amount below the minimum', donationBody(card, { amount: 499 }), 'Valor menor que o permitido'],
  ['message too long', donationBody(card, { message: 'a'.repeat(501) }), 'A mensagem deve ter no máximo 500 caracteres'],
];

describe('POST /campaigns/{slug}/donations refuses bad input with 400 and writes nothing', () => {
  it.each(cases)('%s', async (_label, body, message) => {
    const before = await moneyRowCounts(ctx.database.db);
    const response = await give(ctx.app, slug, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json() as { code: string; message: string | string[] };
    expect([answer.message].flat()).toContain(message);
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('names each refused field (path in the body and message), for the checkout to highlight', async () => {
    const body = donationBody(card, { contact: { ...personContact, cpf: '111.111.111-11' }, address: { ...brazilianAddress, state: '' } });
    const response = await give(ctx.app, slug, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'contact.cpf', message: 'CPF inválido' },
        { field: 'address.state', message: 'O estado é obrigatório' },
      ]),
    );
    const tooLow = await give(ctx.app, null, donationBody(card, { amount: 100 }));
    expect(tooLow.json().fields).toEqual([{ field: 'amount', message: 'Valor menor que o permitido' }]);
  });

  it('answers in English when asked', async () => {
    const response = await give(ctx.app, slug, donationBody(card, { amount: 100 }), { locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(['Amount below the minimum allowed']);
    const missingKey = await give(ctx.app, slug, donationBody(card), { key: null, locale: 'en' });
    expect(missingKey.json()).toMatchObject({ code: 'idempotency.key_required' });
    expect(missingKey.json().message).not.toContain('Cabeçalho');
  });

  it('a missing or too short Idempotency-Key is 400 and writes nothing', async () => {
    const before = await moneyRowCounts(ctx.database.db);
    for (const key of [null, 'short']) {
      const response = await give(ctx.app, slug, donationBody(card), { key });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'idempotency.key_required',
        message: 'Cabeçalho Idempotency-Key obrigatório (de 8 a 255 caracteres).',
      });
    }
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('an unknown gift card is 404 "Gift-card não encontrado" and writes nothing', async () => {
    const before = await moneyRowCounts(ctx.database.db);
    const response = await give(ctx.app, slug, donationBody({ method: 'gift_card', code: '0b9e8c3a-1d2e-4f5a-8b7c-6d5e4f3a2b1c' }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'gift_card.not_found', message: 'Gift-card não encontrado' });
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('an unknown, draft or closed campaign is refused and writes nothing', async () => {
    const draft = await createCampaign(ctx.database.db, { status: 'draft' });
    const closed = await createCampaign(ctx.database.db, { status: 'ended' });
    const ended = await createCampaign(ctx.database.db, {
      startsAt: new Date(Date.now() - 10 * 86_400_000),
      endsAt: new Date(Date.now() - 86_400_000),
    });
    const before = await moneyRowCounts(ctx.database.db);
    const body = donationBody({ method: 'pix' }, { address: null });
    for (const s of ['nao-existe', draft.slug]) {
      const response = await give(ctx.app, s, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'campaign.not_found', message: 'Campanha não encontrada.' });
    }
    for (const s of [closed.slug, ended.slug]) {
      const response = await give(ctx.app, s, body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ code: 'campaign.not_accepting', message: 'Esta campanha não está recebendo doações.' });
    }
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });
});
