import { adminMessages as am } from '../../../contracts/admin-messages';
import type { AdminCategory, AdminTag, TaxonomyNameInput } from '../../../contracts/admin-taxonomy';
import { slugFromTitle } from '../../../contracts/admin-campaign-editor';
import { errorCodes } from '../../../contracts/errors';
import { isUniqueViolation } from '../../db/errors';
import type { Database, Executor } from '../../db/types';
import { conflict, invalid, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from './audit-log';
import {
  campaignCountOfCategory,
  campaignCountOfTag,
  campaignIdsTagged,
  categoriesWithCounts,
  deleteCategoryRow,
  deleteTagRow,
  insertCategory,
  insertTag,
  lastCategoryPosition,
  lockCategoriesInOrder,
  lockCategory,
  lockTag,
  moveCampaignsToCategory,
  renameCategoryRow,
  renameTagRow,
  setCategoryPosition,
  slugsNamed,
  slugsStartingWith,
  tagCampaigns,
  tagsWithCounts,
  untagAllCampaigns,
  type TaxonomyKind,
} from './taxonomy-repository';

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

export async function adminCategories(db: Executor): Promise<AdminCategory[]> {
  const rows = await categoriesWithCounts(db);
  return rows.map((row) => ({ slug: row.slug, ...namesOf(row), position: row.position, campaign_count: row.n }));
}

export async function adminTags(db: Executor): Promise<AdminTag[]> {
  const rows = await tagsWithCounts(db);
  return rows.map((row) => ({ slug: row.slug, ...namesOf(row), campaign_count: row.n }));
}

/** A slug free among the categories or tags: the name's, or with -2, -3… after it. */
async function freeSlug(tx: Executor, kind: TaxonomyKind, name: string): Promise<string> {
  const base = slugOfName(name);
  const taken = await slugsStartingWith(tx, kind, base);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function sameNameExists(tx: Executor, kind: TaxonomyKind, name: string, exceptSlug?: string): Promise<boolean> {
  return (await slugsNamed(tx, kind, name)).some((slug) => slug !== exceptSlug);
}

async function categoryBySlug(tx: Executor, slug: string) {
  const row = await lockCategory(tx, slug);
  if (!row) throw notFound(errorCodes.categoryNotFound, am.categoryNotFound);
  return row;
}

async function tagBySlug(tx: Executor, slug: string) {
  const row = await lockTag(tx, slug);
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
            if (await sameNameExists(tx, 'category', input.name)) throw conflict(errorCodes.taxonomyNameTaken, am.categoryNameTaken);
            const last = await lastCategoryPosition(tx);
            const slug = await freeSlug(tx, 'category', input.name);
            await insertCategory(tx, { slug, name: input.name, translations: translationsOf(input), position: last + 1 });
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
        if (await sameNameExists(tx, 'category', input.name, slug)) throw conflict(errorCodes.taxonomyNameTaken, am.categoryNameTaken);
        await renameCategoryRow(tx, row.id, { name: input.name, translations: translationsOf(input) });
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
        const rows = await lockCategoriesInOrder(tx);
        const all = new Set(rows.map((row) => row.slug));
        if (slugs.length !== all.size || new Set(slugs).size !== slugs.length || slugs.some((slug) => !all.has(slug)))
          throw invalid(errorCodes.categoryOrderIncomplete, am.orderIncomplete);
        for (const [index, slug] of slugs.entries()) await setCategoryPosition(tx, slug, index + 1);
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
        const moved = await campaignCountOfCategory(tx, row.id);
        let target: { id: string; slug: string } | null = null;
        if (moved > 0) {
          if (!moveTo) throw conflict(errorCodes.categoryInUse, am.categoryInUse);
          if (moveTo === slug) throw invalid(errorCodes.validation, am.categoryMoveToSelf);
          target = await categoryBySlug(tx, moveTo);
          await moveCampaignsToCategory(tx, row.id, target.id);
        }
        await deleteCategoryRow(tx, row.id);
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
            if (await sameNameExists(tx, 'tag', input.name)) throw conflict(errorCodes.taxonomyNameTaken, am.tagNameTaken);
            const slug = await freeSlug(tx, 'tag', input.name);
            await insertTag(tx, { slug, name: input.name, translations: translationsOf(input) });
            await recordAudit(tx, actor, { action: 'tag.created', subject: { type: 'tag', id: slug }, after: { slug, ...input } }, now());
            return slug;
          }),
        am.tagNameTaken,
      ),

    renameTag: (actor: AdminActor, slug: string, input: TaxonomyNameInput) =>
      db.transaction(async (tx) => {
        const row = await tagBySlug(tx, slug);
        if (await sameNameExists(tx, 'tag', input.name, slug)) throw conflict(errorCodes.taxonomyNameTaken, am.tagNameTaken);
        await renameTagRow(tx, row.id, { name: input.name, translations: translationsOf(input) });
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
        const tagged = await campaignIdsTagged(tx, source.id);
        await tagCampaigns(tx, target.id, tagged);
        await untagAllCampaigns(tx, source.id);
        await deleteTagRow(tx, source.id);
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
        if ((await campaignCountOfTag(tx, row.id)) > 0) throw conflict(errorCodes.tagInUse, am.tagInUse);
        await deleteTagRow(tx, row.id);
        await recordAudit(tx, actor, { action: 'tag.deleted', subject: { type: 'tag', id: slug }, before: namesOf(row) }, now());
      }),
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
