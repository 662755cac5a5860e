import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignDetailSchema, campaignSummaryListSchema } from '../../contracts/campaigns';
import { demoCampaigns } from '../../server/seed/demo-content';
import { demoPaymentsOf } from '../../server/seed/demo-payments';
import { seedDemoData } from '../../server/seed/demo-seed';
import { sanitizeStoryHtml } from '../../server/services/story-html';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.database.db, {
    uploadsDir: join(ctx.dataDir, 'uploads'),
    now: new Date(),
    payments: demoPaymentsOf(ctx.app.paymentGateways, () => ctx.clock.now()),
  });
});
afterAll(() => ctx.close());

describe('the demo campaigns through the API', () => {
  it('lists at least eight campaigns, three of them featured and first on the home page, one without a goal', async () => {
    const all = await call(ctx.app, 'GET', '/api/v1/campaigns?amount=100');
    const campaigns = campaignSummaryListSchema.parse(all.json());
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(8);
    expect(campaigns.filter((c) => c.featured)).toHaveLength(3);
    expect(campaigns.slice(0, 3).every((c) => c.featured)).toBe(true);
    expect(campaigns.some((c) => c.goal === null)).toBe(true);
    expect(campaigns.every((c) => c.cover_url?.startsWith('http://semear.test/uploads/campaigns/'))).toBe(true);
    const featured = campaignSummaryListSchema.parse((await call(ctx.app, 'GET', '/api/v1/campaigns?featured=true')).json());
    expect(featured.map((c) => c.slug).sort()).toEqual([
      'biblioteca-escolar-belem',
      'cozinha-solidaria-recife',
      'enchentes-rio-grande-do-sul',
    ]);
  });

  it('tells stories in sanitised rich text', async () => {
    const detail = campaignDetailSchema.parse((await call(ctx.app, 'GET', '/api/v1/campaigns/cozinha-solidaria-recife')).json());
    expect(detail.story_html).toContain('<h2>Para onde vai a sua doação</h2>');
    expect(detail.story_html).toContain('<strong>doze voluntárias</strong>');
    for (const c of demoCampaigns) expect(sanitizeStoryHtml(c.story), c.slug).toBe(c.story);
  });

  it('finds the Recife kitchen by a word of its story without accents', async () => {
    const found = campaignSummaryListSchema.parse((await call(ctx.app, 'GET', '/api/v1/campaigns?q=voluntarias%20feijao')).json());
    expect(found.map((c) => c.slug)).toEqual(['cozinha-solidaria-recife']);
  });
});
