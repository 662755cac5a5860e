import { asc, count, eq, sql } from 'drizzle-orm';
import type { NameTranslations } from '../../../contracts/campaigns';
import { campaigns, campaignTags, categories, tags } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Categories and tags as the admins keep them: the queries of taxonomy.ts, which keeps the rules. */

export type TaxonomyKind = 'category' | 'tag';
const tableOf = { category: categories, tag: tags } as const;
export type CategoryRow = typeof categories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

const categoryCount =
  sql<number>`(select count(*) from ${campaigns} c where c.category_id = ${categories}.${sql.identifier('id')})`.mapWith(Number);
const tagCount = sql<number>`(select count(*) from ${campaignTags} ct where ct.tag_id = ${tags}.${sql.identifier('id')})`.mapWith(Number);

/** Every category in its order, with how many campaigns (drafts included) it holds. */
export const categoriesWithCounts = (db: Executor) =>
  db
    .select({
      slug: categories.slug,
      name: categories.name,
      translations: categories.translations,
      position: categories.position,
      n: categoryCount,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));

/** Every tag by name, with how many campaigns have it. */
export const tagsWithCounts = (db: Executor) =>
  db.select({ slug: tags.slug, name: tags.name, translations: tags.translations, n: tagCount }).from(tags).orderBy(asc(tags.name));

/** The category or tag slugs that are `base` or start with `base-`. */
export async function slugsStartingWith(tx: Executor, kind: TaxonomyKind, base: string): Promise<Set<string>> {
  const table = tableOf[kind];
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(sql`${table.slug} = ${base} or ${table.slug} like ${`${base}-%`}`);
  return new Set(rows.map((r) => r.slug));
}

/** The slugs of the categories or tags named `name`, whatever the case. */
export async function slugsNamed(tx: Executor, kind: TaxonomyKind, name: string): Promise<string[]> {
  const table = tableOf[kind];
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`);
  return rows.map((row) => row.slug);
}

/** The category, locked for the change, or undefined. */
export async function lockCategory(tx: Executor, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
  return row;
}

/** The tag, locked for the change, or undefined. */
export async function lockTag(tx: Executor, slug: string): Promise<TagRow | undefined> {
  const [row] = await tx.select().from(tags).where(eq(tags.slug, slug)).for('update');
  return row;
}

/** The last category's position, 0 when there is none. */
export async function lastCategoryPosition(tx: Executor): Promise<number> {
  const [last] = await tx.select({ max: sql<number>`coalesce(max(${categories.position}), 0)`.mapWith(Number) }).from(categories);
  return last?.max ?? 0;
}

export async function insertCategory(
  tx: Executor,
  values: { slug: string; name: string; translations: NameTranslations; position: number },
): Promise<void> {
  await tx.insert(categories).values(values);
}

export async function renameCategoryRow(tx: Executor, id: string, names: { name: string; translations: NameTranslations }): Promise<void> {
  await tx.update(categories).set(names).where(eq(categories.id, id));
}

/** Every category's id and slug in their order, locked for a reorder. */
export const lockCategoriesInOrder = (tx: Executor) =>
  tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
    .for('update');

export async function setCategoryPosition(tx: Executor, slug: string, position: number): Promise<void> {
  await tx.update(categories).set({ position }).where(eq(categories.slug, slug));
}

/** How many campaigns (drafts included) the category holds. */
export async function campaignCountOfCategory(tx: Executor, categoryId: string): Promise<number> {
  const [used] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.categoryId, categoryId));
  return used?.n ?? 0;
}

export async function moveCampaignsToCategory(tx: Executor, fromId: string, toId: string): Promise<void> {
  await tx.update(campaigns).set({ categoryId: toId }).where(eq(campaigns.categoryId, fromId));
}

export async function deleteCategoryRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

export async function insertTag(tx: Executor, values: { slug: string; name: string; translations: NameTranslations }): Promise<void> {
  await tx.insert(tags).values(values);
}

export async function renameTagRow(tx: Executor, id: string, names: { name: string; translations: NameTranslations }): Promise<void> {
  await tx.update(tags).set(names).where(eq(tags.id, id));
}

/** The ids of the campaigns that have the tag. */
export async function campaignIdsTagged(tx: Executor, tagId: string): Promise<string[]> {
  const rows = await tx.select({ campaignId: campaignTags.campaignId }).from(campaignTags).where(eq(campaignTags.tagId, tagId));
  return rows.map((row) => row.campaignId);
}

/** Gives the campaigns the tag; one that has it already keeps it once. */
export async function tagCampaigns(tx: Executor, tagId: string, campaignIds: readonly string[]): Promise<void> {
  if (campaignIds.length === 0) return;
  await tx
    .insert(campaignTags)
    .values(campaignIds.map((campaignId) => ({ campaignId, tagId })))
    .onConflictDoNothing();
}

export async function untagAllCampaigns(tx: Executor, tagId: string): Promise<void> {
  await tx.delete(campaignTags).where(eq(campaignTags.tagId, tagId));
}

/** How many campaigns have the tag. */
export async function campaignCountOfTag(tx: Executor, tagId: string): Promise<number> {
  const [used] = await tx.select({ n: count() }).from(campaignTags).where(eq(campaignTags.tagId, tagId));
  return used?.n ?? 0;
}

export async function deleteTagRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(tags).where(eq(tags.id, id));
}
