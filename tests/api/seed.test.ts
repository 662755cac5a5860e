import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, campaignTags, categories, users } from '../../server/db/schema';
import { demoPaymentsOf } from '../../server/seed/demo-payments';
import { seedDemoData } from '../../server/seed/demo-seed';
import { DEMO_DONOR, DEMO_REVIEWER } from '../../server/seed/demo-content';
import { signIn } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('seeds accounts, categories and active campaigns with covers once, and never again', async () => {
    const uploadsDir = join(ctx.dataDir, 'uploads');
    expect(
      await seedDemoData(ctx.database.db, {
        uploadsDir,
        now: new Date(),
        payments: demoPaymentsOf(ctx.app.paymentGateways, () => ctx.clock.now()),
      }),
    ).toBe(true);
    expect(
      await seedDemoData(ctx.database.db, {
        uploadsDir,
        now: new Date(),
        payments: demoPaymentsOf(ctx.app.paymentGateways, () => ctx.clock.now()),
      }),
    ).toBe(false);

    const db = ctx.database.db;
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(3);
    expect((await db.select({ n: count() }).from(categories))[0]?.n).toBeGreaterThanOrEqual(6);
    const active = await db.select().from(campaigns).where(eq(campaigns.status, 'published'));
    expect(active.length).toBeGreaterThanOrEqual(4);
    expect(active.map((c) => c.slug)).toEqual(
      expect.arrayContaining([
        'cozinha-solidaria-recife',
        'enchentes-rio-grande-do-sul',
        'biblioteca-escolar-belem',
        'abrigo-animais-curitiba',
      ]),
    );
    for (const c of active) {
      expect(c.goalCents === null || Number.isInteger(c.goalCents)).toBe(true);
      expect(c.coverImage).toMatch(/^\/uploads\/campaigns\/.+\.svg$/);
      expect(readFileSync(join(ctx.dataDir, c.coverImage as string), 'utf8')).toContain('<svg');
    }
    expect((await db.select({ n: count() }).from(campaignTags))[0]?.n).toBeGreaterThan(0);

    const donor = await signIn(ctx.app, DEMO_DONOR.email, DEMO_DONOR.password);
    expect(donor.user.roles.map((r) => r.name)).toEqual(['DONOR']);
    // A second admin, so that what waits for one (a refund above the threshold, a grant that approves) can be decided.
    const reviewer = await signIn(ctx.app, DEMO_REVIEWER.email, DEMO_REVIEWER.password);
    expect(reviewer.user.roles.map((r) => r.name)).toContain('ADMIN');
  });

  it('serves the covers at /uploads with a sandboxing CSP', async () => {
    expect(existsSync(join(ctx.dataDir, 'uploads', 'campaigns', 'cozinha-solidaria-recife.svg'))).toBe(true);
    const response = await call(ctx.app, 'GET', '/uploads/campaigns/cozinha-solidaria-recife.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });
});
