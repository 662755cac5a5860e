import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCampaignRowSchema } from '../../contracts/admin-campaigns';
import { insertCategory } from './helpers/campaign-fixtures';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/** The admins' campaign list (issue 13): every status, search, filters, sort, paging, figures; MANAGE_CAMPAIGNS only. */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_CAMPAIGNS']);
});
afterAll(() => ctx.close());

const list = async (query = '') => {
  const answer = await call(ctx.app, 'GET', `/api/v1/admin/campaigns${query}`, undefined, { token: admin.token });
  expect(answer.statusCode, answer.body).toBe(200);
  return { rows: adminCampaignRowSchema.array().parse(answer.json()), total: Number(answer.headers['x-total-count']) };
};

describe('GET /admin/campaigns', () => {
  it('lists drafts and paused campaigns too, with what each raised, its goal and donors; filters, sorts and pages', async () => {
    const stamp = Date.now();
    const draft = await createCampaign(ctx.database.db, { status: 'draft', title: `Rascunho ${stamp}`, slug: `rascunho-${stamp}` });
    const paused = await createCampaign(ctx.database.db, { status: 'paused', title: `Pausada ${stamp}` });
    const active = await createCampaign(ctx.database.db, { title: `Ativa ${stamp}`, goalCents: 500_000 });
    expect((await give(ctx.app, active.slug, donationBody({ method: 'pix' }))).statusCode).toBe(201);

    const drafts = await list('?status=draft');
    expect(drafts.rows.map((r) => r.slug)).toContain(draft.slug);
    expect(drafts.rows.every((r) => r.status === 'draft')).toBe(true);
    expect((await list('?status=paused')).rows.map((r) => r.slug)).toContain(paused.slug);
    // The public list never shows the draft.
    const publicList = (await call(ctx.app, 'GET', `/api/v1/campaigns?q=Rascunho`)).json() as Array<{ slug: string }>;
    expect(publicList.map((c) => c.slug)).not.toContain(draft.slug);

    const found = await list(`?q=Rascunho ${stamp}`);
    expect(found.rows[0]).toMatchObject({ slug: draft.slug, status: 'draft', raised: 0, donors: 0 });
    const row = (await list('?status=published&sort=recent&amount=100')).rows.find((r) => r.slug === active.slug);
    expect(row).toMatchObject({ goal: 500_000, status: 'published' });

    const all = await list('?amount=2');
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const second = await list('?amount=2&page=1');
    expect(second.rows.map((r) => r.slug)).not.toEqual(all.rows.map((r) => r.slug));
  });

  it("names each campaign's category in the admin's language, else in Portuguese", async () => {
    const category = await insertCategory(ctx.database.db, 'Moradia', undefined, { en: 'Housing', es: 'Vivienda' });
    const campaign = await createCampaign(ctx.database.db, { categoryId: category.id, title: `Casa ${Date.now()}` });
    for (const [language, name] of [
      ['en', 'Housing'],
      ['es', 'Vivienda'],
      ['pt-BR', 'Moradia'],
    ] as const) {
      const answer = await call(ctx.app, 'GET', `/api/v1/admin/campaigns?category=${category.slug}`, undefined, {
        token: admin.token,
        headers: { 'accept-language': language },
      });
      expect(adminCampaignRowSchema.array().parse(answer.json())).toEqual([
        expect.objectContaining({ slug: campaign.slug, category: { slug: category.slug, name } }),
      ]);
    }
  });

  it('refuses bad filters, and anyone without MANAGE_CAMPAIGNS', async () => {
    for (const query of ['?status=deleted', '?sort=random', '?page=-1', '?amount=1000', '?category=Não%20é%20slug']) {
      expect((await call(ctx.app, 'GET', `/api/v1/admin/campaigns${query}`, undefined, { token: admin.token })).statusCode, query).toBe(
        400,
      );
    }
    const other = await newSession(ctx.app);
    await grantAdmin(ctx, other.user.id, ['MANAGE_FINANCES', 'MANAGE_TEAM']);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/campaigns', undefined, { token: other.token })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/campaigns')).statusCode).toBe(401);
  });
});
