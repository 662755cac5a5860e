import { and, asc, count, eq, sql } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { AdminCategory, AdminTag, TaxonomyNameInput } from '../../../contracts/admin-taxonomy';
import { slugFromTitle } from '../../../contracts/admin-campaign-editor';
import { errorCodes } from '../../../contracts/errors';
import { campaigns, campaignTags, categories, tags } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import type { Database, Executor } from '../../db/types';
import { conflict, invalid, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from './audit-log';

/**
 * Categories and tags as the admins keep them (docs/admin.md). Every change runs in one transaction
 * with its audit record; one in use never disappears silently: a category's campaigns move to
 * another first, a tag is merged into another.
 */

/** A URL-safe slug from a name: 'Educação & Cultura' → 'educacao-cultura'. */
export const slugOfName = (name: string): string => slugFromTitle(name) || 'sem-nome';

const translationsOf = (input: TaxonomyNameInput) => ({
  ...(input.name_en?.trim() ? { en: input.name_en.trim() } : {}),
  ...(input.name_es?.trim() ? { es: input.name_es.trim() } : {}),
});

type Row = { slug: string; name: string; translations: { en?: string; es?: string } };
const namesOf = (row: Row) => ({ name: row.name, name_en: row.translations.en ?? '', name_es: row.translations.es ?? '' });

const categoryCount =
  sql<number>`(select count(*) from ${campaigns} c where c.category_id = ${categories}.${sql.identifier('id')})`.mapWith(Number);
const tagCount = sql<number>`(select count(*) from ${campaignTags} ct where ct.tag_id = ${tags}.${sql.identifier('id')})`.mapWith(Number);

export async function adminCategories(db: Executor): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      translations: categories.translations,
      position: categories.position,
      n: categoryCount,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((row) => ({ slug: row.slug, ...namesOf(row), position: row.position, campaign_count: row.n }));
}

export async function adminTags(db: Executor): Promise<AdminTag[]> {
  const rows = await db
    .select({ slug: tags.slug, name: tags.name, translations: tags.translations, n: tagCount })
    .from(tags)
    .orderBy(asc(tags.name));
  return rows.map((row) => ({ slug: row.slug, ...namesOf(row), campaign_count: row.n }));
}

/** A slug free in `table`: the name's, or with -2, -3… after it. */
async function freeSlug(tx: Executor, table: typeof categories | typeof tags, name: string): Promise<string> {
  const base = slugOfName(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: table.slug })
        .from(table)
        .where(sql`${table.slug} = ${base} or ${table.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function sameNameExists(tx: Executor, table: typeof categories | typeof tags, name: string, exceptSlug?: string): Promise<boolean> {
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`);
  return rows.some((row) => row.slug !== exceptSlug);
}

async function categoryBySlug(tx: Executor, slug: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
  if (!row) throw notFound(errorCodes.categoryNotFound, am.categoryNotFound);
  return row;
}

async function tagBySlug(tx: Executor, slug: string) {
  const [row] = await tx.select().from(tags).where(eq(tags.slug, slug)).for('update');
  if (!row) throw notFound(errorCodes.tagNotFound, am.tagNotFound);
  return row;
}

/** Runs a change; a name another row took meanwhile (the unique slug) is the same 409 as one found before. */
async function guarded<T>(run: () => Promise<T>, taken: typeof am.categoryNameTaken): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errorCodes.taxonomyNameTaken, taken);
    throw error;
  }
}

export function createTaxonomyService(db: Database, now: () => Date) {
  return {
    createCategory: (actor: AdminActor, input: TaxonomyNameInput) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            if (await sameNameExists(tx, categories, input.name)) throw conflict(errorCodes.taxonomyNameTaken, am.categoryNameTaken);
            const [last] = await tx.select({ max: sql<number>`coalesce(max(${categories.position}), 0)`.mapWith(Number) }).from(categories);
            const slug = await freeSlug(tx, categories, input.name);
            await tx
              .insert(categories)
              .values({ slug, name: input.name, translations: translationsOf(input), position: (last?.max ?? 0) + 1 });
            await recordAudit(
              tx,
              actor,
              { action: 'category.created', subject: { type: 'category', id: slug }, after: { slug, ...input } },
              now(),
            );
            return slug;
          }),
        am.categoryNameTaken,
      ),

    renameCategory: (actor: AdminActor, slug: string, input: TaxonomyNameInput) =>
      db.transaction(async (tx) => {
        const row = await categoryBySlug(tx, slug);
        if (await sameNameExists(tx, categories, input.name, slug)) throw conflict(errorCodes.taxonomyNameTaken, am.categoryNameTaken);
        await tx
          .update(categories)
          .set({ name: input.name, translations: translationsOf(input) })
          .where(eq(categories.id, row.id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'category.renamed',
            subject: { type: 'category', id: slug },
            before: namesOf(row),
            after: namesOf({ slug, name: input.name, translations: translationsOf(input) }),
          },
          now(),
        );
      }),

    reorderCategories: (actor: AdminActor, slugs: readonly string[]) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.name))
          .for('update');
        const all = new Set(rows.map((row) => row.slug));
        if (slugs.length !== all.size || new Set(slugs).size !== slugs.length || slugs.some((slug) => !all.has(slug)))
          throw invalid(errorCodes.validation, am.orderIncomplete);
        for (const [index, slug] of slugs.entries())
          await tx
            .update(categories)
            .set({ position: index + 1 })
            .where(eq(categories.slug, slug));
        await recordAudit(
          tx,
          actor,
          { action: 'category.reordered', subject: { type: 'category', id: '*' }, before: rows.map((row) => row.slug), after: slugs },
          now(),
        );
      }),

    /** Deletes a category; its campaigns, if any, move to `moveTo` first (required then). */
    deleteCategory: (actor: AdminActor, slug: string, moveTo: string | undefined) =>
      db.transaction(async (tx) => {
        const row = await categoryBySlug(tx, slug);
        const [used] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.categoryId, row.id));
        const moved = used?.n ?? 0;
        let target: { id: string; slug: string } | null = null;
        if (moved > 0) {
          if (!moveTo) throw conflict(errorCodes.categoryInUse, am.categoryInUse);
          if (moveTo === slug) throw invalid(errorCodes.validation, am.categoryMoveToSelf);
          target = await categoryBySlug(tx, moveTo);
          await tx.update(campaigns).set({ categoryId: target.id }).where(eq(campaigns.categoryId, row.id));
        }
        await tx.delete(categories).where(eq(categories.id, row.id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'category.deleted',
            subject: { type: 'category', id: slug },
            before: { ...namesOf(row), campaigns: moved },
            after: target ? { campaigns_moved_to: target.slug } : null,
          },
          now(),
        );
        return moved;
      }),

    createTag: (actor: AdminActor, input: TaxonomyNameInput) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            if (await sameNameExists(tx, tags, input.name)) throw conflict(errorCodes.taxonomyNameTaken, am.tagNameTaken);
            const slug = await freeSlug(tx, tags, input.name);
            await tx.insert(tags).values({ slug, name: input.name, translations: translationsOf(input) });
            await recordAudit(tx, actor, { action: 'tag.created', subject: { type: 'tag', id: slug }, after: { slug, ...input } }, now());
            return slug;
          }),
        am.tagNameTaken,
      ),

    renameTag: (actor: AdminActor, slug: string, input: TaxonomyNameInput) =>
      db.transaction(async (tx) => {
        const row = await tagBySlug(tx, slug);
        if (await sameNameExists(tx, tags, input.name, slug)) throw conflict(errorCodes.taxonomyNameTaken, am.tagNameTaken);
        await tx
          .update(tags)
          .set({ name: input.name, translations: translationsOf(input) })
          .where(eq(tags.id, row.id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'tag.renamed',
            subject: { type: 'tag', id: slug },
            before: namesOf(row),
            after: namesOf({ slug, name: input.name, translations: translationsOf(input) }),
          },
          now(),
        );
      }),

    /** `from`'s campaigns get `into` (once each), then `from` disappears. Resolves with how many campaigns it was on. */
    mergeTags: (actor: AdminActor, from: string, into: string) =>
      db.transaction(async (tx) => {
        if (from === into) throw invalid(errorCodes.validation, am.tagMergeSame);
        const source = await tagBySlug(tx, from);
        const target = await tagBySlug(tx, into);
        const tagged = await tx.select({ campaignId: campaignTags.campaignId }).from(campaignTags).where(eq(campaignTags.tagId, source.id));
        if (tagged.length > 0)
          await tx
            .insert(campaignTags)
            .values(tagged.map(({ campaignId }) => ({ campaignId, tagId: target.id })))
            .onConflictDoNothing();
        await tx.delete(campaignTags).where(eq(campaignTags.tagId, source.id));
        await tx.delete(tags).where(eq(tags.id, source.id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'tag.merged',
            subject: { type: 'tag', id: from },
            before: { ...namesOf(source), campaigns: tagged.length },
            after: { merged_into: into },
          },
          now(),
        );
        return tagged.length;
      }),

    /** Deletes a tag no campaign has (one in use is merged into another instead). */
    deleteTag: (actor: AdminActor, slug: string) =>
      db.transaction(async (tx) => {
        const row = await tagBySlug(tx, slug);
        const [used] = await tx
          .select({ n: count() })
          .from(campaignTags)
          .where(and(eq(campaignTags.tagId, row.id)));
        if ((used?.n ?? 0) > 0) throw conflict(errorCodes.tagInUse, am.tagInUse);
        await tx.delete(tags).where(eq(tags.id, row.id));
        await recordAudit(tx, actor, { action: 'tag.deleted', subject: { type: 'tag', id: slug }, before: namesOf(row) }, now());
      }),
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
