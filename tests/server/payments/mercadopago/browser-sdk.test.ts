import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { createMercadoPagoTokenizer } from '../../../../src/lib/payments/mercadopago-tokenizer';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../../../support/stand-ins/mercadopago/test-cards';

let standIn: MercadoPagoStandIn;
beforeAll(async () => {
  standIn = await startMercadoPagoStandIn({ accessToken: 'TEST-token', publicKey: 'TEST-public-key' });
});
afterAll(() => standIn.control.close());
afterEach(() => vi.unstubAllGlobals());

interface SdkWindow {
  MercadoPago: new (
    publicKey: string,
    options?: { locale?: string },
  ) => {
    createCardToken(data: Record<string, string>): Promise<Record<string, unknown>>;
    getPaymentMethods(query: { bin: string }): Promise<{ results: Array<{ id: string }> }>;
  };
}

/** Runs the served /js/v2 as a browser would, with its own window and fetch. */
async function loadSdk(): Promise<SdkWindow> {
  const response = await fetch(`${standIn.url}/js/v2`);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const window = {} as SdkWindow;
  runInNewContext(await response.text(), { window, fetch, JSON, String, Number, TypeError, Error, encodeURIComponent });
  return window;
}

const card = {
  cardNumber: '4235 6477 2802 5682',
  cardholderName: 'APRO',
  cardExpirationMonth: '11',
  cardExpirationYear: '30',
  securityCode: '123',
  identificationType: 'CPF',
  identificationNumber: '123.456.789-09',
};

describe('the stand-in browser SDK (/js/v2)', () => {
  it('tokenises like MercadoPago.createCardToken: the card goes to /v1/card_tokens with the public key', async () => {
    const { MercadoPago } = await loadSdk();
    const token = await new MercadoPago('TEST-public-key').createCardToken(card);
    expect(token).toMatchObject({
      last_four_digits: '5682',
      first_six_digits: '423564',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO' },
    });
    expect(token.id).toMatch(/^[0-9a-f]{32}$/);
    const sent = standIn.control.requests.at(-1)!;
    expect(sent.query.get('public_key')).toBe('TEST-public-key');
    expect(sent.headers.authorization).toBeUndefined();
    const methods = await new MercadoPago('TEST-public-key').getPaymentMethods({ bin: MERCADOPAGO_TEST_CARDS.mastercard.slice(0, 8) });
    expect(methods.results[0]?.id).toBe('master');
  });

  it('rejects with the causes of a refused card, and with a wrong public key', async () => {
    const { MercadoPago } = await loadSdk();
    await expect(new MercadoPago('TEST-public-key').createCardToken({ ...card, cardNumber: '4235647728025683' })).rejects.toEqual([
      { code: 'E301', message: 'Invalid card_number' },
    ]);
    await expect(new MercadoPago('TEST-public-key').createCardToken({ ...card, securityCode: '12' })).rejects.toEqual([
      { code: 'E302', message: 'Invalid security_code' },
    ]);
    await expect(new MercadoPago('TEST-other').createCardToken(card)).rejects.toEqual([{ code: '401', message: 'invalid public_key' }]);
  });

  it('answers the browser preflight of another origin', async () => {
    const response = await fetch(`${standIn.url}/v1/card_tokens?public_key=TEST-public-key`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3171',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
  });
});

describe("the checkout's Mercado Pago tokeniser on the stand-in's script", () => {
  const typed = { exp_date: '11/30', holder_name: 'APRO', holder_document: '529.982.247-25' };
  const tokenizer = () => createMercadoPagoTokenizer({ publicKey: 'TEST-public-key', sdkUrl: `${standIn.url}/js/v2` });

  it.each([
    ['mastercard', MERCADOPAGO_TEST_CARDS.mastercard, '123', 'mastercard'],
    ['visa', MERCADOPAGO_TEST_CARDS.visa, '123', 'visa'],
    ['amex', MERCADOPAGO_TEST_CARDS.amex, '1234', 'amex'],
    ['Elo debit', MERCADOPAGO_TEST_CARDS.eloDebit, '123', 'elo'],
  ])('gives the test %s the brand of the method getPaymentMethods names', async (_name, number, cvv, brand) => {
    vi.stubGlobal('window', await loadSdk());
    const token = await tokenizer().tokenize({ ...typed, card_number: number, cvv });
    expect(token).toMatchObject({ brand, last4: number.slice(-4), exp_month: 11, exp_year: 2030 });
    const search = standIn.control.requests.findLast((request) => request.path === '/v1/payment_methods/search')!;
    expect(search.query.get('bins')).toBe(number.slice(0, 8));
    expect(search.query.get('public_key')).toBe('TEST-public-key');
  });

  it('refuses a card no method takes with card.not_accepted, before any token is made', async () => {
    vi.stubGlobal('window', await loadSdk());
    const before = standIn.control.requests.filter((request) => request.path === '/v1/card_tokens').length;
    const refused = await tokenizer()
      .tokenize({ ...typed, card_number: '9000 0000 0000 0001', cvv: '123' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: 'card.not_accepted', messages: [gm.cardNotAccepted.id] });
    expect(standIn.control.requests.filter((request) => request.path === '/v1/card_tokens')).toHaveLength(before);
  });
});
