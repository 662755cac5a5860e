import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, insertCategory, insertTag } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

// Category and tag names are kept with their translations; every public read answers them in the
// language asked for (Accept-Language), Portuguese when there is no translation.
let ctx: TestContext;
let slug: string;
let categorySlug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const category = await insertCategory(ctx.database.db, 'Alimentação', undefined, { en: 'Food', es: 'Alimentación' });
  const translated = await insertTag(ctx.database.db, 'Fome zero', undefined, { en: 'Zero hunger', es: 'Hambre cero' });
  const untranslated = await insertTag(ctx.database.db, 'Nordeste');
  const campaign = await insertCampaign(ctx.database.db, { categoryId: category.id, tagIds: [translated.id, untranslated.id] });
  slug = campaign.slug;
  categorySlug = category.slug;
});
afterAll(() => ctx.close());

const read = (url: string, language: string) => call(ctx.app, 'GET', url, undefined, { headers: { 'accept-language': language } });

describe('category and tag names in the language asked for', () => {
  it.each([
    ['pt-BR', 'Alimentação', ['Fome zero', 'Nordeste']],
    ['en-US,en;q=0.9', 'Food', ['Zero hunger', 'Nordeste']],
    ['es', 'Alimentación', ['Hambre cero', 'Nordeste']],
  ])('%s: the campaign, the lists, categories and tags', async (language, category, tagNames) => {
    const detail = await read(`/api/v1/campaigns/${slug}`, language);
    expect(detail.statusCode).toBe(200);
    const campaign = detail.json() as { category: { slug: string; name: string }; tags: Array<{ name: string }> };
    expect(campaign.category).toEqual({ slug: categorySlug, name: category });
    expect(campaign.tags.map((t) => t.name).sort()).toEqual([...tagNames].sort());
    expect(detail.headers.vary).toContain('Accept-Language');

    // Filters keep using the slug, whatever the language.
    const list = await read(`/api/v1/campaigns?category=${categorySlug}`, language);
    expect((list.json() as Array<{ slug: string; category: { name: string } }>).map((c) => [c.slug, c.category.name])).toEqual([
      [slug, category],
    ]);

    const categories = (await read('/api/v1/categories', language)).json() as Array<{ slug: string; name: string }>;
    expect(categories.find((c) => c.slug === categorySlug)?.name).toBe(category);
    const tags = await read('/api/v1/tags', language);
    expect(tags.headers.vary).toContain('Accept-Language');
    expect((tags.json() as Array<{ name: string }>).map((t) => t.name)).toEqual(expect.arrayContaining(tagNames));
  });

  it('a language the platform does not speak gets Portuguese', async () => {
    const campaign = (await read(`/api/v1/campaigns/${slug}`, 'fr-FR')).json() as { category: { name: string } };
    expect(campaign.category.name).toBe('Alimentação');
  });
});
