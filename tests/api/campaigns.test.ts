import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignDetailSchema, campaignSummaryListSchema, type CampaignSummary } from '../../contracts/campaigns';
import { give, insertCampaign, insertCategory, insertTag } from './helpers/campaign-fixtures';
import { signUp } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';
import { PUBLIC_CACHE_CONTROL } from '../../server/http/public-answer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
const list = async (query: string) => {
  const response = await call(ctx.app, 'GET', `/api/v1/campaigns?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { campaigns: campaignSummaryListSchema.parse(response.json()), total: Number(response.headers['x-total-count']), response };
};
const slugs = (campaigns: CampaignSummary[]) => campaigns.map((c) => c.slug);

describe('GET /api/v1/campaigns', () => {
  it('lists active, paused and closed campaigns with their figures, never drafts', async () => {
    const category = await insertCategory(ctx.database.db, 'Visibilidade');
    const active = await insertCampaign(ctx.database.db, { categoryId: category.id, title: 'Ativa' });
    const paused = await insertCampaign(ctx.database.db, { categoryId: category.id, status: 'paused' });
    const closed = await insertCampaign(ctx.database.db, { categoryId: category.id, status: 'ended' });
    await insertCampaign(ctx.database.db, { categoryId: category.id, status: 'draft' });
    await give(ctx.database.db, active.id, { amountCents: 2_500 });

    const { campaigns, total, response } = await list(`category=${category.slug}`);
    expect(total).toBe(3);
    expect(slugs(campaigns).sort()).toEqual([active.slug, paused.slug, closed.slug].sort());
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const shown = campaigns.find((c) => c.slug === active.slug);
    expect(shown).toMatchObject({
      id: active.id,
      title: 'Ativa',
      cover_url: 'http://semear.test/uploads/campaigns/horta.svg',
      category: { slug: category.slug, name: 'Visibilidade' },
      goal: 100_000,
      raised: 2_500,
      donor_count: 1,
      status: 'published',
      organiser_name: 'Coletivo Horta Viva',
    });
  });

  it('pages with page (from 0) and amount, the total in x-total-count', async () => {
    const category = await insertCategory(ctx.database.db, 'Paginação');
    for (let i = 0; i < 5; i++) await insertCampaign(ctx.database.db, { categoryId: category.id, startsAt: daysFromNow(-10 + i) });
    const pages = await Promise.all([0, 1, 2, 3].map((page) => list(`category=${category.slug}&sort=recent&amount=2&page=${page}`)));
    expect(pages.map((p) => p.campaigns.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(new Set(pages.flatMap((p) => slugs(p.campaigns))).size).toBe(5);
  });

  it('filters by category and by tag', async () => {
    const food = await insertCategory(ctx.database.db, 'Comida');
    const north = await insertTag(ctx.database.db, 'Norte');
    const south = await insertTag(ctx.database.db, 'Sul');
    const a = await insertCampaign(ctx.database.db, { categoryId: food.id, tagIds: [north.id] });
    const b = await insertCampaign(ctx.database.db, { categoryId: food.id, tagIds: [north.id, south.id] });
    const c = await insertCampaign(ctx.database.db, { tagIds: [south.id] });

    expect(slugs((await list(`category=${food.slug}`)).campaigns).sort()).toEqual([a.slug, b.slug].sort());
    expect(slugs((await list(`tag=${south.slug}`)).campaigns).sort()).toEqual([b.slug, c.slug].sort());
    expect(slugs((await list(`category=${food.slug}&tag=${south.slug}`)).campaigns)).toEqual([b.slug]);
    const tagged = (await list(`tag=${north.slug}`)).campaigns.find((x) => x.slug === b.slug);
    expect(tagged?.tags).toEqual([
      { slug: north.slug, name: 'Norte' },
      { slug: south.slug, name: 'Sul' },
    ]);
    expect(await list('category=nao-existe')).toMatchObject({ campaigns: [], total: 0 });
  });

  it('sorts by recent, most raised and ending soon; by default featured first', async () => {
    const category = await insertCategory(ctx.database.db, 'Ordem');
    const old = await insertCampaign(ctx.database.db, { categoryId: category.id, startsAt: daysFromNow(-30), endsAt: daysFromNow(5) });
    const middle = await insertCampaign(ctx.database.db, {
      categoryId: category.id,
      startsAt: daysFromNow(-20),
      endsAt: null,
      featured: true,
    });
    const fresh = await insertCampaign(ctx.database.db, { categoryId: category.id, startsAt: daysFromNow(-1), endsAt: daysFromNow(60) });
    const closed = await insertCampaign(ctx.database.db, {
      categoryId: category.id,
      status: 'ended',
      startsAt: daysFromNow(-40),
      endsAt: daysFromNow(1),
    });
    await give(ctx.database.db, middle.id, { amountCents: 90_000 });
    await give(ctx.database.db, fresh.id, { amountCents: 10_000 });
    await give(ctx.database.db, fresh.id, { amountCents: 10_000 });
    await give(ctx.database.db, old.id, { amountCents: 40_000, status: 'pending' });

    const sorted = async (sort: string) => slugs((await list(`category=${category.slug}&sort=${sort}`)).campaigns);
    expect(await sorted('recent')).toEqual([fresh.slug, middle.slug, old.slug, closed.slug]);
    expect((await sorted('most_raised')).slice(0, 2)).toEqual([middle.slug, fresh.slug]);
    expect(await sorted('ending_soon')).toEqual([old.slug, fresh.slug, middle.slug, closed.slug]);
    expect(await sorted('relevance')).toEqual([middle.slug, fresh.slug, old.slug, closed.slug]);
    expect(slugs((await list(`category=${category.slug}`)).campaigns)[0]).toBe(middle.slug);
    expect(slugs((await list(`category=${category.slug}&featured=true`)).campaigns)).toEqual([middle.slug]);
    expect(slugs((await list(`category=${category.slug}&featured=false`)).campaigns)).not.toContain(middle.slug);
  });

  it('answers 400 with a translated message for bad query values, in the caller language', async () => {
    for (const query of ['sort=popular', 'amount=0', 'amount=101', 'page=-1', 'page=abc', 'featured=yes', `q=${'a'.repeat(201)}`]) {
      const response = await call(ctx.app, 'GET', `/api/v1/campaigns?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ code: 'validation.failed', message: ['Dados inválidos'] });
    }
    const english = await call(ctx.app, 'GET', '/api/v1/campaigns?sort=popular', undefined, { locale: 'en' });
    expect(english.json()).toEqual({ code: 'validation.failed', message: ['Invalid data'] });
  });
});

describe('GET /api/v1/campaigns/:slug', () => {
  it('answers the story, figures from the ledger, and the latest messages and donors', async () => {
    const campaign = await insertCampaign(ctx.database.db, {
      goalCents: 10_000,
      story: '<h2>Por quê</h2><p>Uma <strong>horta</strong>.</p>',
    });
    const { user } = await signUp(ctx.app);
    const start = Date.now() - 60 * 60 * 1000;
    const at = (minutes: number) => new Date(start + minutes * 60 * 1000);
    // The same account twice and the same e-mail twice (in other case) count as one donor each.
    await give(ctx.database.db, campaign.id, { amountCents: 3_000, userId: user.id, message: 'Força!', at: at(1) });
    await give(ctx.database.db, campaign.id, { amountCents: 2_000, userId: user.id, at: at(2) });
    await give(ctx.database.db, campaign.id, {
      amountCents: 1_500,
      email: 'rita@exemplo.com.br',
      name: 'Rita Lopes',
      message: 'Boa sorte',
      at: at(3),
    });
    await give(ctx.database.db, campaign.id, { amountCents: 1_500, email: 'RITA@exemplo.com.br', name: 'Rita Lopes', at: at(4) });
    await give(ctx.database.db, campaign.id, {
      amountCents: 7_000,
      isAnonymous: true,
      name: 'Pedro Escondido',
      message: 'Em segredo',
      at: at(5),
    });
    await give(ctx.database.db, campaign.id, {
      amountCents: 4_000,
      companyName: 'Padaria Pão Quente Ltda',
      name: 'Carla Souza',
      message: '   ',
      at: at(6),
    });
    await give(ctx.database.db, campaign.id, { amountCents: 9_999, status: 'pending', message: 'Ainda não pago', at: at(7) });
    await give(ctx.database.db, campaign.id, { amountCents: 9_999, status: 'failed', at: at(8) });

    const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const detail = campaignDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      slug: campaign.slug,
      story_html: '<h2>Por quê</h2><p>Uma <strong>horta</strong>.</p>',
      goal: 10_000,
      // Past 100%: the total keeps counting.
      raised: 19_000,
      donor_count: 4,
      donation_count: 6,
      message_count: 3,
      accepting_donations: true,
    });
    expect(detail.latest_messages.map((m) => [m.donor_name, m.message])).toEqual([
      [null, 'Em segredo'],
      ['Rita Lopes', 'Boa sorte'],
      ['Joana Pereira', 'Força!'],
    ]);
    expect(detail.latest_donors.map((d) => [d.donor_name, d.amount])).toEqual([
      ['Padaria Pão Quente Ltda', 4_000],
      [null, 7_000],
      ['Rita Lopes', 1_500],
      ['Rita Lopes', 1_500],
      ['Joana Pereira', 2_000],
    ]);
    expect(response.body).not.toContain('@exemplo.com.br');
    expect(response.body).not.toContain('Pedro Escondido');
    expect(response.body).not.toContain('52998224725');
    expect(detail.latest_messages[0]?.created_at).toBe(at(5).toISOString());
  });

  it('moves the total at once after a donation', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    const before = campaignDetailSchema.parse((await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`)).json());
    expect(before).toMatchObject({ raised: 0, donor_count: 0, latest_messages: [], latest_donors: [] });
    // Written straight in the database, as another node would: its NOTIFY reaches this app's cache a
    // moment after the commit on PostgreSQL (at once on PGlite). Through the app it is at once (public-cache.test.ts).
    await give(ctx.database.db, campaign.id, { amountCents: 1_234 });
    const read = async () => campaignDetailSchema.parse((await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`)).json());
    await expect.poll(read, { timeout: 5000 }).toMatchObject({ raised: 1_234, donor_count: 1, donation_count: 1 });
  });

  it('shows no goal for an open-ended campaign, and takes donations only while active and within its dates', async () => {
    const openEnded = await insertCampaign(ctx.database.db, { goalCents: null, startsAt: null, endsAt: null });
    const detail = campaignDetailSchema.parse((await call(ctx.app, 'GET', `/api/v1/campaigns/${openEnded.slug}`)).json());
    expect(detail).toMatchObject({ goal: null, starts_at: null, ends_at: null, accepting_donations: true });

    const notAccepting = [
      await insertCampaign(ctx.database.db, { status: 'paused' }),
      await insertCampaign(ctx.database.db, { status: 'ended' }),
      await insertCampaign(ctx.database.db, { startsAt: daysFromNow(-20), endsAt: daysFromNow(-1) }),
      await insertCampaign(ctx.database.db, { startsAt: daysFromNow(2), endsAt: daysFromNow(20) }),
    ];
    for (const c of notAccepting) {
      const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${c.slug}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().accepting_donations, c.slug).toBe(false);
    }
  });

  it('answers 404 "Campanha não encontrada." for drafts and unknown slugs', async () => {
    const draft = await insertCampaign(ctx.database.db, { status: 'draft' });
    for (const slug of [draft.slug, 'nao-existe', draft.id]) {
      const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ code: 'campaign.not_found', message: 'Campanha não encontrada.' });
    }
    const english = await call(ctx.app, 'GET', `/api/v1/campaigns/${draft.slug}/messages`, undefined, { locale: 'en' });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ code: 'campaign.not_found', message: 'Campaign not found.' });
    expect((await call(ctx.app, 'GET', `/api/v1/campaigns/${draft.slug}/donors`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/campaigns/:slug/messages and /donors', () => {
  it('pages messages newest first, anonymous ones without a name', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    const start = Date.now() - DAY_MS;
    for (let i = 0; i < 25; i++) {
      await give(ctx.database.db, campaign.id, {
        name: `Pessoa ${i}`,
        message: `Mensagem ${i}`,
        isAnonymous: i % 5 === 0,
        at: new Date(start + i * 60_000),
      });
    }
    await give(ctx.database.db, campaign.id, { name: 'Sem recado', at: new Date(start + 30 * 60_000) });

    const first = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/messages`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('25');
    const firstPage = first.json() as Array<{ donor_name: string | null; message: string }>;
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]).toMatchObject({ donor_name: 'Pessoa 24', message: 'Mensagem 24' });
    expect(firstPage[4]).toMatchObject({ donor_name: null, message: 'Mensagem 20' });
    const second = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/messages?page=1&amount=20`);
    expect((second.json() as unknown[]).length).toBe(5);
    const small = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/messages?page=2&amount=3`);
    expect((small.json() as Array<{ message: string }>).map((m) => m.message)).toEqual(['Mensagem 18', 'Mensagem 17', 'Mensagem 16']);
  });

  it('pages donors with their amounts; anonymous donors keep their amount in the totals', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    const start = Date.now() - DAY_MS;
    await give(ctx.database.db, campaign.id, { name: 'Ana', amountCents: 1_000, at: new Date(start) });
    await give(ctx.database.db, campaign.id, { name: 'Bruno', amountCents: 2_000, isAnonymous: true, at: new Date(start + 1000) });
    await give(ctx.database.db, campaign.id, {
      companyName: 'Mercado Bom Preço',
      name: 'Caio',
      amountCents: 3_000,
      at: new Date(start + 2000),
    });

    const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/donors?amount=2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect((response.json() as Array<{ donor_name: string | null; amount: number }>).map((d) => [d.donor_name, d.amount])).toEqual([
      ['Mercado Bom Preço', 3_000],
      [null, 2_000],
    ]);
    const rest = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/donors?amount=2&page=1`);
    expect(rest.json()).toEqual([{ id: expect.any(String), donor_name: 'Ana', amount: 1_000, created_at: new Date(start).toISOString() }]);
    const detail = campaignDetailSchema.parse((await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}`)).json());
    expect(detail.raised).toBe(6_000);
  });

  it('answers 400 for bad paging values', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    for (const path of ['messages?amount=101', 'donors?page=-1', 'donors?amount=zero']) {
      const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${campaign.slug}/${path}`, undefined, { locale: 'es' });
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toEqual({ code: 'validation.failed', message: ['Datos no válidos'] });
    }
  });
});

describe('categories, tags and platform totals', () => {
  it('GET /categories counts public campaigns only; GET /tags lists tags by name; both briefly cacheable', async () => {
    const category = await insertCategory(ctx.database.db, 'Zzz Contagem');
    await insertCampaign(ctx.database.db, { categoryId: category.id });
    await insertCampaign(ctx.database.db, { categoryId: category.id, status: 'ended' });
    await insertCampaign(ctx.database.db, { categoryId: category.id, status: 'draft' });
    const response = await call(ctx.app, 'GET', '/api/v1/categories');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const categories = response.json() as Array<{ slug: string; name: string; campaign_count: number }>;
    expect(categories.find((c) => c.slug === category.slug)).toEqual({ slug: category.slug, name: 'Zzz Contagem', campaign_count: 2 });
    expect(categories.map((c) => c.name)).toEqual([...categories.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));

    await insertTag(ctx.database.db, 'Água', 'agua-teste');
    const tags = await call(ctx.app, 'GET', '/api/v1/tags');
    expect(tags.statusCode).toBe(200);
    expect(tags.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(tags.json()).toContainEqual({ slug: 'agua-teste', name: 'Água' });
  });

  it('GET /stats/totals sums campaigns and the general fund, counts confirmed donations, distinct donors and active campaigns', async () => {
    const totals = async () =>
      (await call(ctx.app, 'GET', '/api/v1/stats/totals')).json() as {
        raised: number;
        donations: number;
        donors: number;
        campaigns: number;
      };
    const before = await totals();
    const campaign = await insertCampaign(ctx.database.db);
    await insertCampaign(ctx.database.db, { status: 'paused' });
    await give(ctx.database.db, campaign.id, { amountCents: 1_000, email: 'totais@exemplo.com.br' });
    await give(ctx.database.db, campaign.id, { amountCents: 2_000, email: 'totais@exemplo.com.br' });
    await give(ctx.database.db, null, { amountCents: 500 });
    await give(ctx.database.db, campaign.id, { amountCents: 7_000, status: 'pending' });
    const after = await totals();
    expect(after).toEqual({
      raised: before.raised + 3_500,
      donations: before.donations + 3,
      donors: before.donors + 2,
      campaigns: before.campaigns + 1,
    });
  });
});
