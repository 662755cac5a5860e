import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardInput } from '../../../contracts';
import { CardTokenizationError } from '../../../src/lib/payments/card-tokenizer';
import { createConfiguredTokenizer } from '../../../src/lib/payments/configured-tokenizer';

const card: CardInput = {
  card_number: '4235 6477 2802 5682',
  exp_date: '11/30',
  cvv: '123',
  holder_name: 'Maria da Silva',
  holder_document: '529.982.247-25',
};

afterEach(() => {
  delete window.MercadoPago;
  vi.unstubAllGlobals();
});

describe('the tokeniser of the provider that takes cards', () => {
  it('Mercado Pago: asks the config once, tokenises with its script and the public key, never our API', async () => {
    const created: Record<string, string>[] = [];
    const keys: string[] = [];
    const bins: string[] = [];
    // What the script defines once loaded (the e2e loads the stand-in's real script in Chromium).
    window.MercadoPago = class {
      constructor(key: string) {
        keys.push(key);
      }
      getPaymentMethods({ bin }: { bin: string }) {
        bins.push(bin);
        return Promise.resolve({ results: [{ id: 'visa', payment_type_id: 'credit_card', status: 'active' }] });
      }
      createCardToken(data: Record<string, string>) {
        created.push(data);
        return Promise.resolve({ id: 'a1b2c3', last_four_digits: '5682', cardholder: { name: 'Maria da Silva' } });
      }
    };
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    const loadConfig = vi.fn(async () => ({
      card: { provider: 'mercadopago', public_key: 'APP_USR-pk', sdk_url: 'https://sdk.example/js/v2' },
      monthly_pix: false,
    }));
    const tokenizer = createConfiguredTokenizer({ loadConfig, locale: () => 'pt' });
    expect(await tokenizer.tokenize(card)).toEqual({
      token: 'a1b2c3',
      brand: 'visa',
      last4: '5682',
      exp_month: 11,
      exp_year: 2030,
      holder_name: 'Maria da Silva',
    });
    await tokenizer.tokenize(card);
    expect(loadConfig).toHaveBeenCalledTimes(1);
    expect(keys).toEqual(['APP_USR-pk', 'APP_USR-pk']);
    expect(bins).toEqual(['42356477', '42356477']);
    expect(created[0]).toEqual({
      cardNumber: '4235647728025682',
      cardholderName: 'Maria da Silva',
      cardExpirationMonth: '11',
      cardExpirationYear: '2030',
      securityCode: '123',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("Mercado Pago's field refusals come back as our field messages; a config that failed is asked again", async () => {
    window.MercadoPago = class {
      getPaymentMethods() {
        return Promise.resolve({ results: [{ id: 'visa', payment_type_id: 'credit_card', status: 'active' }] });
      }
      createCardToken() {
        return Promise.reject([
          { code: 'E302', message: 'invalid security code' },
          { code: '326', message: 'bad year' },
        ]);
      }
    };
    let calls = 0;
    const loadConfig = async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { card: { provider: 'mercadopago', public_key: 'pk', sdk_url: 'https://sdk.example/js/v2' }, monthly_pix: false };
    };
    const tokenizer = createConfiguredTokenizer({ loadConfig, locale: () => 'pt' });
    await expect(tokenizer.tokenize(card)).rejects.toMatchObject({ status: 0, code: 'payment.failed' });
    const refused = await tokenizer.tokenize(card).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CardTokenizationError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'card.token_invalid',
      messages: ['validation.cvv.invalid', 'validation.card_expiry.invalid'],
    });
  });

  it("Mercado Pago's methods decide the brand: one our table does not place is named, none is card.not_accepted", async () => {
    const answers: Array<Array<{ id: string; payment_type_id: string; status: string }>> = [
      [
        { id: 'debmaster', payment_type_id: 'debit_card', status: 'active' },
        { id: 'master', payment_type_id: 'credit_card', status: 'active' },
      ],
      [],
    ];
    const created: string[] = [];
    window.MercadoPago = class {
      getPaymentMethods() {
        return Promise.resolve({ paging: { total: 0, limit: 30, offset: 0 }, results: answers.shift() ?? [] });
      }
      createCardToken(data: Record<string, string>) {
        created.push(data.cardNumber!);
        return Promise.resolve({ id: 'mc1', last_four_digits: '6351' });
      }
    };
    const loadConfig = async () => ({
      card: { provider: 'mercadopago', public_key: 'pk', sdk_url: 'https://sdk.example/js/v2' },
      monthly_pix: false,
    });
    const tokenizer = createConfiguredTokenizer({ loadConfig, locale: () => 'pt' });
    const mastercard = { ...card, card_number: '5031 4332 1540 6351' };
    expect(await tokenizer.tokenize(mastercard)).toMatchObject({ token: 'mc1', brand: 'mastercard', last4: '6351' });
    await expect(tokenizer.tokenize(mastercard)).rejects.toMatchObject({
      status: 400,
      code: 'card.not_accepted',
      messages: ['error.card_not_accepted'],
    });
    expect(created).toEqual(['5031433215406351']);
  });

  it('the sandbox: the card goes to /sandbox-gateway/v1/tokens, as before', async () => {
    const fetchFn = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ token: 'tok_1', brand: 'visa', last4: '5682', exp_month: 11, exp_year: 2030, holder_name: 'Maria' }),
          {
            status: 201,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchFn);
    const tokenizer = createConfiguredTokenizer({
      loadConfig: async () => ({ card: { provider: 'sandbox' }, monthly_pix: false }),
      locale: () => 'pt',
    });
    expect((await tokenizer.tokenize(card)).token).toBe('tok_1');
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/sandbox-gateway/v1/tokens');
  });
});
