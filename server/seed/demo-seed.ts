import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../contracts/permissions';
import { endOfSaoPauloDayText, saoPauloDayText } from '../../contracts/sao-paulo-time';
import { hashPassword } from '../auth/passwords';
import { campaigns, campaignTags, categories, tags, users } from '../db/schema';
import type { Database } from '../db/types';
import { sanitizeStoryHtml } from '../services/story-html';
import { insertUser } from '../users/users-repository';
import { coverSvg } from './cover-art';
import { payDemoGifts, planDemoGifts, seedDemoGiving } from './demo-giving';
import type { DemoPayments } from './demo-payments';
import { seedDemoOrganisation } from './demo-organisation';
import { demoAccounts, demoCampaigns, demoCategories, demoTags } from './demo-content';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo data for a first start (DEMO_SEED=true): two accounts, categories, tags and campaigns (three
 * featured, one without a goal, rich-text stories) with cover images written to
 * DATA_DIR/uploads/campaigns, and their donations, paid at the gateway first (`payments`), and the NGO's
 * legal data (server/seed/demo-organisation.ts). Runs only while there is no user at all, so a restart
 * never duplicates it and a real installation that already has users is left alone.
 */
export async function seedDemoData(db: Database, options: { uploadsDir: string; now: Date; payments: DemoPayments }): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  const coverFolder = join(options.uploadsDir, 'campaigns');
  mkdirSync(coverFolder, { recursive: true });
  for (const c of demoCampaigns)
    writeFileSync(join(coverFolder, `${c.slug}.svg`), coverSvg({ title: c.title, motif: c.motif, palette: c.palette }));

  const gifts = planDemoGifts(
    demoCampaigns.map((c) => ({ goalCents: c.goalCents, startedDaysAgo: c.daysRunning })),
    options.now,
  );
  const paid = await payDemoGifts(gifts, options.payments);
  await db.transaction(async (tx) => {
    let donorId = '';
    for (const [i, account] of demoAccounts.entries()) {
      const { role, password: _password, ...profile } = account;
      const user = await insertUser(
        tx,
        { ...profile, password: '', passwordHash: hashes[i] as string, roles: [role], permissions: role === 'ADMIN' ? PERMISSIONS : [] },
        options.now,
      );
      if (role === 'DONOR') donorId = user.id;
    }
    // In the plan's order; a campaign already there (a slug taken) keeps its own donations.
    const seeded: Array<{ id: string; slug: string; title: string } | null> = [];
    // Translations are kept up to date on databases seeded before they existed; names stay as edited.
    await tx
      .insert(categories)
      .values([...demoCategories])
      .onConflictDoUpdate({ target: categories.slug, set: { translations: sql`excluded.translations` } });
    await tx
      .insert(tags)
      .values([...demoTags])
      .onConflictDoUpdate({ target: tags.slug, set: { translations: sql`excluded.translations` } });
    const categoryRows = await tx.select().from(categories);
    const tagRows = await tx
      .select()
      .from(tags)
      .where(
        inArray(
          tags.slug,
          demoTags.map((t) => t.slug),
        ),
      );
    for (const c of demoCampaigns) {
      const [row] = await tx
        .insert(campaigns)
        .values({
          slug: c.slug,
          title: c.title,
          summary: c.summary,
          story: sanitizeStoryHtml(c.story),
          coverImage: `/uploads/campaigns/${c.slug}.svg`,
          categoryId: categoryRows.find((r) => r.slug === c.category)?.id ?? null,
          goalCents: c.goalCents,
          status: 'published',
          startsAt: new Date(options.now.getTime() - c.daysRunning * DAY_MS),
          // As the editor stores a last day: it counts whole, to the next day's 00:00 in São Paulo.
          endsAt: c.daysLeft === null ? null : endOfSaoPauloDayText(saoPauloDayText(new Date(options.now.getTime() + c.daysLeft * DAY_MS))),
          organiserName: c.organiserName,
          featured: c.featured,
          createdAt: options.now,
          updatedAt: options.now,
        })
        .onConflictDoNothing()
        .returning({ id: campaigns.id });
      seeded.push(row ? { id: row.id, slug: c.slug, title: c.title } : null);
      if (!row) continue;
      const tagIds = tagRows.filter((t) => (c.tags as string[]).includes(t.slug)).map((t) => t.id);
      if (tagIds.length > 0) await tx.insert(campaignTags).values(tagIds.map((tagId) => ({ campaignId: row.id, tagId })));
    }
    await seedDemoGiving(tx, { now: options.now, users: { donorId }, campaigns: seeded, gifts, paid });
    await seedDemoOrganisation(tx, options.now);
  });
  await options.payments.settle(paid.values());
  return true;
}
