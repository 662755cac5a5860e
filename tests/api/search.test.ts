import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSummaryListSchema } from '../../contracts/campaigns';
import { insertCampaign, insertCategory, insertTag, type CampaignRow } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let kitchen: CampaignRow;
let library: CampaignRow;
let shelter: CampaignRow;
let draft: CampaignRow;
let categorySlug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const category = await insertCategory(db, 'Alimentação');
  categorySlug = category.slug;
  kitchen = await insertCampaign(db, {
    title: 'Alimentação para famílias do Coque',
    summary: 'Quinhentas refeições por dia no Recife.',
    story: '<p>Vizinhas cozinham juntas desde 2020.</p>',
    organiserName: 'Associação de Moradoras do Coque',
    categoryId: category.id,
  });
  library = await insertCampaign(db, {
    title: 'Uma biblioteca para a Escola Terra Firme',
    summary: 'Livros e estantes para 800 alunos em Belém.',
    story: '<p>A merenda e a <strong>alimentação</strong> dos alunos já estão garantidas; faltam livros.</p>',
    organiserName: 'Coletivo Leitura',
  });
  shelter = await insertCampaign(db, {
    title: 'Abrigo Quatro Patas',
    summary: 'Ração e vacinas para cães e gatos resgatados em Curitiba.',
    organiserName: 'Associação Quatro Patas',
    status: 'ended',
  });
  draft = await insertCampaign(db, { title: 'Alimentação escondida', summary: 'Rascunho.', status: 'draft' });
});
afterAll(() => ctx.close());

async function search(q: string, extra = '') {
  const response = await call(ctx.app, 'GET', `/api/v1/campaigns?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  const campaigns = campaignSummaryListSchema.parse(response.json());
  return { slugs: campaigns.map((c) => c.slug), total: Number(response.headers['x-total-count']) };
}

describe('GET /api/v1/campaigns?q= (Portuguese full-text search)', () => {
  it('ignores accents and case: alimentacao, ALIMENTAÇÃO and Alimentação find the same campaigns', async () => {
    const plain = await search('alimentacao');
    expect(plain.slugs).toContain(kitchen.slug);
    expect(await search('ALIMENTAÇÃO')).toEqual(plain);
    expect(await search('Alimentação')).toEqual(plain);
    expect(plain.slugs).not.toContain(draft.slug);
  });

  it('ranks a title match above a match in the story', async () => {
    const { slugs, total } = await search('alimentação');
    expect(slugs).toEqual([kitchen.slug, library.slug]);
    expect(total).toBe(2);
  });

  it('finds words by their beginning while the visitor is still typing', async () => {
    expect((await search('alimen')).slugs).toEqual([kitchen.slug, library.slug]);
    expect((await search('bibliot')).slugs).toEqual([library.slug]);
    expect((await search('quatro pat')).slugs).toEqual([shelter.slug]);
  });

  it('searches the summary and the organiser, and finds inflected forms (stemming)', async () => {
    expect((await search('refeicoes')).slugs).toEqual([kitchen.slug]);
    expect((await search('moradoras coque')).slugs).toEqual([kitchen.slug]);
    expect((await search('livro')).slugs).toEqual([library.slug]);
  });

  it('understands quotes and minus (websearch syntax)', async () => {
    expect((await search('"quatro patas"')).slugs).toEqual([shelter.slug]);
    expect((await search('alimentação -biblioteca')).slugs).toEqual([kitchen.slug]);
  });

  it('combines the text with the category filter', async () => {
    expect((await search('alimentação', `&category=${categorySlug}`)).slugs).toEqual([kitchen.slug]);
  });

  it('answers an empty list for no match, and never fails on search syntax characters', async () => {
    expect(await search('xilofone')).toEqual({ slugs: [], total: 0 });
    for (const q of ["'", '&', '!()', 'a:*', '\\', '<script>', '"', 'or', '-', '—']) {
      const response = await call(ctx.app, 'GET', `/api/v1/campaigns?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
  });

  it('treats a blank q as no search', async () => {
    const all = await call(ctx.app, 'GET', '/api/v1/campaigns?q=%20%20');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
  });
});

// Last: it adds a campaign, which the counts above do not expect.
describe('GET /api/v1/campaigns?q= beyond the campaign text', () => {
  it('finds plurals in -ções/-ões and their singulars alike (the stemmer alone keeps them apart)', async () => {
    const soup = await insertCampaign(ctx.database.db, {
      title: 'Refeições quentes no inverno',
      summary: 'Doações de sopa para quem dorme na rua.',
    });
    // Written straight to the database, not through this node: the public-read cache learns of it by the
    // database's NOTIFY, which reaches the listening connection a moment after the commit ('refeicoes'
    // was searched, and cached, above).
    for (const q of ['refeição', 'refeicoes', 'doação de sopa']) {
      await expect.poll(async () => (await search(q)).slugs, { timeout: 5000 }).toContain(soup.slug);
    }
  });

  it('finds a campaign by its category and tag names even when its own text uses other words', async () => {
    const db = ctx.database.db;
    const category = await insertCategory(db, 'Saúde Mental');
    const tag = await insertTag(db, 'Acolhimento');
    const clinic = await insertCampaign(db, {
      title: 'Escuta no bairro',
      summary: 'Rodas de conversa gratuitas.',
      categoryId: category.id,
      tagIds: [tag.id],
    });
    expect((await search('saude mental')).slugs).toEqual([clinic.slug]);
    expect((await search('acolhimento')).slugs).toEqual([clinic.slug]);
  });
});
