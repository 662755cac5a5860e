import { describe, expect, it, vi } from 'vitest';
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createDonationsApi } from '../../src/lib/api/donations';
import { receiptFor } from '../../src/lib/receipts';
import { createSandboxTokenizer } from '../../src/lib/payments/card-tokenizer';
import { failureMessage } from '../../src/features/checkout/failure-text';
import { reaisToCents } from '../../src/app/format';
import * as f from '../machines/checkout.fixtures';
import { givingMessages } from '../../contracts/giving-messages';

const request = { amount: 5000, payment: { method: 'pix' as const }, contact: f.contact };

describe('donations api', () => {
  it('sends a new Idempotency-Key per attempt and hands the key back when the call never arrived', async () => {
    const keys: string[] = [];
    let online = false;
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      keys.push(String(config.headers.get('idempotency-key')));
      if (!online) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      return { status: 201, statusText: '201', data: f.donationResult('pix', 'pending'), headers: {}, config };
    };
    let n = 0;
    const api = createDonationsApi(axios.create({ adapter }), () => `key-${++n}`);
    const failure = await api.createDonation(request, { campaignSlug: 'cozinha-solidaria-recife' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 0, idempotencyKey: 'key-1' });
    online = true;
    await api.createDonation(request, { campaignSlug: 'cozinha-solidaria-recife', idempotencyKey: 'key-1' });
    await api.createDonation(request, { campaignSlug: null });
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it("keeps a new donation's receipt token in this tab (not the URL), and reads the donation back with it", async () => {
    const created = { ...f.donationResult('gift_card', 'confirmed'), receipt_token: 'receipt-abc' };
    const sent: Array<string | null> = [];
    const adapter: AxiosAdapter = async (config) => {
      sent.push(config.headers.get('x-receipt-token') as string | null);
      return { status: config.method === 'post' ? 201 : 200, statusText: 'ok', data: created, headers: {}, config };
    };
    const api = createDonationsApi(axios.create({ adapter }));
    await api.createDonation(request, { campaignSlug: null });
    expect(receiptFor(created.donation.id)).toBe('receipt-abc');
    expect(receiptFor('another-donation')).toBeNull();
    await api.getDonation(created.donation.id, receiptFor(created.donation.id));
    expect(sent.at(-1)).toBe('receipt-abc');
  });

  it('a declined card rejects with its code (402)', async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('402', AxiosError.ERR_BAD_REQUEST, config, null, {
        status: 402,
        statusText: '402',
        data: { message: 'Pagamento recusado', code: 'payment.declined', donation_id: 'x' },
        headers: {},
        config,
      });
    };
    const failure = await createDonationsApi(axios.create({ adapter }))
      .createDonation(request, { campaignSlug: null })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 402, code: 'payment.declined', messages: ['Pagamento recusado'] });
  });
});

describe('sandbox card tokenizer', () => {
  it('posts the card to the gateway only, and turns a 400 into field messages', async () => {
    const fetchFn = vi.fn(
      async () => new Response(JSON.stringify({ message: ['Número de cartão inválido'], code: 'validation.failed' }), { status: 400 }),
    );
    const tokenizer = createSandboxTokenizer({ fetchFn: fetchFn as typeof fetch });
    await expect(tokenizer.tokenize(f.card)).rejects.toMatchObject({
      status: 400,
      code: 'validation.failed',
      messages: ['Número de cartão inválido'],
    });
    expect(fetchFn).toHaveBeenCalledWith('/sandbox-gateway/v1/tokens', expect.objectContaining({ method: 'POST' }));
  });
});

describe('checkout helpers', () => {
  it('maps ?error codes to our texts and anything else to the generic one', () => {
    expect(failureMessage('paypal_cancelled')).toBe(givingMessages.paypalCancelled);
    expect(failureMessage('payment.declined')).toBe(givingMessages.cardDeclined);
    expect(failureMessage('<script>')).toMatchObject({ message: 'O pagamento não foi concluído. Confira os dados e tente de novo.' });
  });

  it('reads amounts typed in reais', () => {
    expect(reaisToCents('50')).toBe(5000);
    expect(reaisToCents('1.234,56')).toBe(123456);
    expect(reaisToCents('12,5')).toBe(1250);
    expect(reaisToCents('abc')).toBeNull();
  });
});
