import { describe, expect, it } from 'vitest';
import { HOME_FEATURED_QUERY, HOME_RECENT_QUERY, homeFirstScreenReads } from '../../contracts/first-screen';
import { createCampaignsApi } from '../../src/lib/api/campaigns';
import { messagesOf } from '../../src/app/report-error';
import { makeCampaignDetail, makeCampaignSummary } from './campaign-fixtures';

interface Call {
  url: string;
  accept: string | null;
}

/** A fetch that answers from a table of 'path' → [status, body, headers], recording every call. */
function fakeFetch(routes: Record<string, [number, unknown, Record<string, string>?]>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, accept: new Headers(init?.headers).get('accept') });
    const path = url.split('?')[0]!.replace('/api/v1', '');
    const route = routes[path];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const [status, body, headers] = route;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { calls, api: createCampaignsApi(fetchFn) };
}

describe('campaigns api (public reads)', () => {
  it('lists campaigns with only the given filters, the total from x-total-count', async () => {
    const { api, calls } = fakeFetch({ '/campaigns': [200, [makeCampaignSummary()], { 'x-total-count': '31' }] });
    const page = await api.listCampaigns({ q: 'alimentação', category: 'alimentacao', tag: undefined, sort: 'relevance', page: 2 });
    expect(page).toEqual({ items: [makeCampaignSummary()], total: 31, page: 2, amount: 12 });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/campaigns');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'alimentação',
      category: 'alimentacao',
      sort: 'relevance',
      page: '2',
      amount: '12',
    });
    expect(calls[0]!.accept).toBe('application/json');
  });

  it('sends featured=true for the home highlights', async () => {
    const { api, calls } = fakeFetch({ '/campaigns': [200, [], { 'x-total-count': '0' }] });
    await api.listCampaigns({ featured: true, amount: 3 });
    expect(calls[0]!.url).toBe('/api/v1/campaigns?featured=true&page=0&amount=3');
  });

  it('reads a campaign, and a 404 is "no such campaign" (null), not an error', async () => {
    const detail = makeCampaignDetail();
    const { api, calls } = fakeFetch({ '/campaigns/cozinha-solidaria-recife': [200, detail] });
    await expect(api.getCampaign('cozinha-solidaria-recife')).resolves.toEqual(detail);
    await expect(api.getCampaign('nao-existe')).resolves.toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/campaigns/cozinha-solidaria-recife', '/api/v1/campaigns/nao-existe']);
  });

  it('pages messages and donors', async () => {
    const donors = makeCampaignDetail().latest_donors;
    const { api, calls } = fakeFetch({
      '/campaigns/c/donors': [200, donors, { 'x-total-count': '45' }],
      '/campaigns/c/messages': [200, [], { 'x-total-count': '0' }],
    });
    await expect(api.listDonors('c', 1)).resolves.toEqual({ items: donors, total: 45, page: 1, amount: 20 });
    await expect(api.listMessages('c')).resolves.toEqual({ items: [], total: 0, page: 0, amount: 20 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/campaigns/c/donors?page=1&amount=20',
      '/api/v1/campaigns/c/messages?page=0&amount=20',
    ]);
  });

  it('refuses an answer that does not match the contract', async () => {
    const { api } = fakeFetch({ '/campaigns/x': [200, { ...makeCampaignDetail(), raised: '10' }], '/stats/totals': [200, { raised: 1 }] });
    await expect(api.getCampaign('x')).rejects.toThrow();
    await expect(api.getPlatformTotals()).rejects.toThrow();
  });

  it('fails like the API client does: status, code and messages that reportError shows', async () => {
    const { api } = fakeFetch({ '/categories': [500, { message: 'Erro desconhecido.', code: 'internal' }] });
    const error = await api.listCategories().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiRequestError', status: 500, code: 'internal', messages: ['Erro desconhecido.'] });
    expect(messagesOf(error)).toEqual(['Erro desconhecido.']);
    const offline = createCampaignsApi((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    await expect(offline.listTags()).rejects.toMatchObject({ status: 0, messages: ['error.unknown'] });
  });
});

describe('answers inlined in the first page', () => {
  it('the first read of an inlined answer costs no request; the next one asks the API', async () => {
    const campaign = makeCampaignDetail();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'semear-answers';
    script.dataset.locale = 'pt';
    // Keyed by the URLs the server writes from contracts/first-screen.ts: the client asks for the same.
    script.textContent = JSON.stringify({
      [`/api/v1/campaigns/${campaign.slug}`]: { status: 200, total: null, body: campaign },
      '/api/v1/campaigns?featured=true&page=0&amount=3': { status: 200, total: 7, body: [makeCampaignSummary()] },
    });
    document.head.append(script);
    const { api, calls } = fakeFetch({
      [`/campaigns/${campaign.slug}`]: [200, { ...campaign, title: 'Da rede' }],
      '/campaigns': [200, [], { 'x-total-count': '0' }],
    });

    expect(await api.getCampaign(campaign.slug)).toEqual(campaign);
    expect(await api.listCampaigns(HOME_FEATURED_QUERY)).toEqual({ items: [makeCampaignSummary()], total: 7, page: 0, amount: 3 });
    expect(calls).toEqual([]);
    expect(document.getElementById('semear-answers')).toBeNull();

    expect((await api.getCampaign(campaign.slug))?.title).toBe('Da rede');
    expect((await api.listCampaigns({ featured: true, page: 0, amount: 3 })).total).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('the home asks for exactly the reads the server inlines', async () => {
    const { api, calls } = fakeFetch({
      '/campaigns': [200, [], { 'x-total-count': '0' }],
      '/categories': [200, []],
      '/stats/totals': [200, { raised: 0, donations: 0, donors: 0, campaigns: 0 }],
    });
    await api.listCampaigns(HOME_FEATURED_QUERY);
    await api.listCampaigns(HOME_RECENT_QUERY);
    await api.listCategories();
    await api.getPlatformTotals();
    expect(calls.map((c) => c.url)).toEqual(homeFirstScreenReads());
  });

  it('answers written in another language than the interface are not used', async () => {
    const campaign = makeCampaignDetail();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'semear-answers';
    script.dataset.locale = 'en';
    script.textContent = JSON.stringify({
      [`/api/v1/campaigns/${campaign.slug}`]: { status: 200, total: null, body: { ...campaign, title: 'In English' } },
    });
    document.head.append(script);
    const { api, calls } = fakeFetch({ [`/campaigns/${campaign.slug}`]: [200, campaign] });
    expect(await api.getCampaign(campaign.slug)).toEqual(campaign);
    expect(calls).toHaveLength(1);
    expect(document.getElementById('semear-answers')).toBeNull();
  });
});
