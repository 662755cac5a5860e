import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignDetailSchema } from '../../contracts/campaigns';
import { campaigns } from '../../server/db/schema';
import { insertCampaign } from './helpers/campaign-fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOSTILE = [
  '<p>Olá<script>alert(1)</script></p>',
  '<img src=x onerror="alert(2)">',
  '<p onclick="alert(3)">Clique</p>',
  '<a href="javascript:alert(4)">link</a>',
  '<a href=" JaVa&#x09;script:alert(5)">outro</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<p>Fim <a href="https://semear.dev/ajuda">ajuda</a></p>',
].join('\n');

/** Nothing that runs, loads or restyles anything: tags, handlers and schemes the sanitiser refuses. */
function expectHarmless(html: string): void {
  expect(html).not.toMatch(/<script|<iframe|<style|<img|onerror|onclick|javascript:|alert\(/i);
  expect(html).toContain('<a href="https://semear.dev/ajuda" rel="noopener noreferrer nofollow" target="_blank">ajuda</a>');
  expect(html).toContain('<p>Olá</p>');
}

const storyServed = async (slug: string): Promise<string> => {
  const response = await call(ctx.app, 'GET', `/api/v1/campaigns/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return campaignDetailSchema.parse(response.json()).story_html;
};

describe('campaign stories', () => {
  it('are sanitised when served, even one written to the database behind our back', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    // Raw SQL: no application code between the story and the row (psql, a restored dump, another tool).
    await ctx.database.executeSql('update campaigns set story = $1 where id = $2', [HOSTILE, campaign.id]);
    const { rows } = await ctx.database.executeSql('select story from campaigns where id = $1', [campaign.id]);
    expect((rows[0] as { story: string }).story).toContain('<script>');

    expectHarmless(await storyServed(campaign.slug));
  });

  it('are sanitised on every write through the application, insert and update alike', async () => {
    const campaign = await insertCampaign(ctx.database.db, { story: HOSTILE });
    const read = async () =>
      (await ctx.database.db.select({ story: campaigns.story }).from(campaigns).where(eq(campaigns.id, campaign.id)))[0]?.story ?? '';
    expectHarmless(await read());

    await ctx.database.db
      .update(campaigns)
      .set({ story: `${HOSTILE}<p>atualizada</p>` })
      .where(eq(campaigns.id, campaign.id));
    expectHarmless(await read());
    expect(await read()).toContain('<p>atualizada</p>');
  });
});
