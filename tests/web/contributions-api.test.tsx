import { describe, expect, it } from 'vitest';
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createCardsApi } from '../../src/lib/api/cards';
import { createContributionsApi } from '../../src/lib/api/contributions';

const card = {
  id: 'a',
  brand: 'visa',
  last4: '1111',
  exp_month: 12,
  exp_year: 2034,
  holder_name: 'MARIA',
  is_default: true,
  created_at: '2026-11-01T12:00:00.000Z',
};

/** Records each call (method, url, params) and answers from `reply`. */
function recording(reply: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown; headers?: Record<string, string> }) {
  const calls: Array<{ method: string; url: string; params: unknown; data: unknown }> = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: config.data ? JSON.parse(String(config.data)) : undefined,
    });
    const answer = reply(config);
    const response = { status: answer.status, statusText: '', data: answer.data ?? '', headers: answer.headers ?? {}, config };
    if (answer.status >= 400) throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  return { http: axios.create({ adapter }), calls };
}

describe('contributions api', () => {
  it('sends the filters and page, and reads the total from x-total-count', async () => {
    const { http, calls } = recording(() => ({ status: 200, data: [], headers: { 'x-total-count': '42' } }));
    const page = await createContributionsApi(http).listContributions({ type: 'monthly', period: '2026', page: 2 });
    expect(page).toEqual({ items: [], total: 42, page: 2, amount: 20 });
    expect(calls).toEqual([
      {
        method: 'GET',
        url: '/contributions',
        params: { type: 'monthly', status: undefined, period: '2026', page: 2, amount: 20 },
        data: undefined,
      },
    ]);
  });

  it('a refused call arrives as an ApiRequestError with the server message', async () => {
    const { http } = recording(() => ({ status: 400, data: { code: 'validation.failed', message: ['Período inválido.'] } }));
    await expect(createContributionsApi(http).listContributions({})).rejects.toMatchObject({
      status: 400,
      code: 'validation.failed',
      messages: ['Período inválido.'],
    });
  });
});

describe('cards api', () => {
  it('PATCH sets the default with { is_default: true }; remove deletes and reads the cards again', async () => {
    const { http, calls } = recording((config) => (config.method === 'delete' ? { status: 204 } : { status: 200, data: [card] }));
    const api = createCardsApi(http);
    expect(await api.setDefaultCard('a')).toEqual([card]);
    expect(await api.removeCard('b')).toEqual([card]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PATCH /cards/a', 'DELETE /cards/b', 'GET /cards']);
    expect(calls[0]?.data).toEqual({ is_default: true });
  });

  it('a card paying the monthly donation: 409 with its code, and the list is not read', async () => {
    const { http, calls } = recording(() => ({
      status: 409,
      data: { code: 'card.in_use_by_monthly', message: 'Este cartão paga sua doação mensal.' },
    }));
    await expect(createCardsApi(http).removeCard('a')).rejects.toMatchObject({ status: 409, code: 'card.in_use_by_monthly' });
    expect(calls).toHaveLength(1);
  });
});
