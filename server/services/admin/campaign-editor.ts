import { and, count, desc, eq } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import {
  actionsFrom,
  emptyCampaignContent,
  missingToPublish,
  slugFromTitle,
  type CampaignEditorData,
  type CampaignVersion,
  type DraftConflict,
  type DraftSaved,
  type SaveDraftInput,
} from '../../../contracts/admin-campaign-editor';
import { errorCodes } from '../../../contracts/errors';
import { campaigns, campaignSlugRedirects, campaignVersions, donations, users } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from './audit-log';
import { editedContent, freeSlug, slugTakenByOther, taxonomyIds, type CampaignRow } from './campaign-content';

/**
 * The editor's side of a campaign (docs/admin.md): its draft, read and saved over an optimistic-lock
 * version. A save over a newer one is a conflict carrying the newer one, so the editor can show both.
 */

const campaignNotFound = () => notFound(errorCodes.campaignNotFound, am.campaignNotFound);

const nameOf = async (db: Executor, userId: string | null): Promise<{ name: string } | null> => {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row ? { name: row.name } : null;
};

/** Every donation, pending ones included: any of them keeps the campaign from being deleted. */
export const donationCount = async (db: Executor, campaignId: string): Promise<number> =>
  (await db.select({ n: count() }).from(donations).where(eq(donations.campaignId, campaignId)))[0]?.n ?? 0;

/** The row, locked for the rest of the caller's transaction. */
export async function lockCampaign(tx: Executor, id: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw campaignNotFound();
  return row;
}

export async function editorDataOf(db: Executor, row: CampaignRow): Promise<CampaignEditorData> {
  const content = await editedContent(db, row);
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    live_slug: row.slug,
    content,
    saved_at: row.savedAt.toISOString(),
    saved_by: await nameOf(db, row.savedBy),
    unpublished_changes: row.draft !== null,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    donation_count: await donationCount(db, row.id),
    actions: actionsFrom(row.status),
    missing: missingToPublish(content),
  };
}

/** The campaign at a slug: its current one, an old one, or the one its draft wants (a new campaign's). */
export async function findCampaignIdBySlug(db: Executor, slug: string): Promise<string> {
  const [live] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, slug));
  if (live) return live.id;
  const [old] = await db
    .select({ id: campaignSlugRedirects.campaignId })
    .from(campaignSlugRedirects)
    .where(eq(campaignSlugRedirects.slug, slug));
  if (old) return old.id;
  throw campaignNotFound();
}

export async function campaignEditor(db: Executor, id: string): Promise<CampaignEditorData> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw campaignNotFound();
  return editorDataOf(db, row);
}

/** A new draft from a title, with a free slug made from it. */
export async function createCampaign(db: Database, actor: AdminActor, title: string, now: Date): Promise<CampaignEditorData> {
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, slugFromTitle(title), null);
    const content = { ...emptyCampaignContent, title, slug };
    const [row] = await tx
      .insert(campaigns)
      .values({
        slug,
        title,
        summary: '',
        story: '',
        organiserName: '',
        status: 'draft',
        draft: content,
        savedBy: actor.userId,
        savedAt: now,
      })
      .returning();
    const created = row as CampaignRow;
    await recordAudit(tx, actor, { action: 'campaign.create', subject: { type: 'campaign', id: created.id }, after: content }, now);
    return editorDataOf(tx, created);
  });
}

export type SaveDraftResult = { saved: DraftSaved } | { conflict: Omit<DraftConflict, 'message' | 'code'> };

/** Saves the whole draft if nobody saved since `version`; else answers the newer save, writing nothing. */
export async function saveDraft(db: Database, actor: AdminActor, id: string, input: SaveDraftInput, now: Date): Promise<SaveDraftResult> {
  return db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    const before = await editedContent(tx, row);
    if (row.version !== input.version) {
      return {
        conflict: {
          current: { version: row.version, content: before, saved_at: row.savedAt.toISOString(), saved_by: await nameOf(tx, row.savedBy) },
        },
      };
    }
    await taxonomyIds(tx, input.content);
    if (input.content.slug && (await slugTakenByOther(tx, input.content.slug, id))) {
      throw conflict(errorCodes.campaignSlugTaken, am.slugTaken);
    }
    const version = row.version + 1;
    await tx
      .update(campaigns)
      .set({ draft: input.content, version, savedBy: actor.userId, savedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, id), eq(campaigns.version, row.version)));
    await recordAudit(tx, actor, { action: 'campaign.save', subject: { type: 'campaign', id }, before, after: input.content }, now);
    return { saved: { version, saved_at: now.toISOString(), unpublished_changes: true } };
  });
}

/** Whether a slug is free for this campaign, and the first free one like it. */
export async function checkSlug(db: Executor, slug: string, campaignId: string | null) {
  const available = !(await slugTakenByOther(db, slug, campaignId));
  return { slug, available, suggestion: available ? slug : await freeSlug(db, slug, campaignId) };
}

export async function listVersions(db: Executor, id: string): Promise<CampaignVersion[]> {
  const rows = await db
    .select({ version: campaignVersions, name: users.name })
    .from(campaignVersions)
    .leftJoin(users, eq(users.id, campaignVersions.publishedBy))
    .where(eq(campaignVersions.campaignId, id))
    .orderBy(desc(campaignVersions.number));
  return rows.map(({ version, name }) => ({
    number: version.number,
    published_at: version.publishedAt.toISOString(),
    published_by: name === null ? null : { name },
    content: version.content,
  }));
}

/** Makes a published version the draft again (published with the next publish); over `version` like a save. */
export async function restoreVersion(
  db: Database,
  actor: AdminActor,
  id: string,
  number: number,
  version: number,
  now: Date,
): Promise<SaveDraftResult> {
  const [kept] = await db
    .select({ content: campaignVersions.content })
    .from(campaignVersions)
    .where(and(eq(campaignVersions.campaignId, id), eq(campaignVersions.number, number)));
  if (!kept) throw notFound(errorCodes.campaignVersionNotFound, am.versionNotFound);
  // A slug another campaign took since then is not restored: the current one stays.
  const [row] = await db.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, id));
  const slugFree = !(await slugTakenByOther(db, kept.content.slug, id));
  return saveDraft(db, actor, id, { version, content: { ...kept.content, slug: slugFree ? kept.content.slug : (row?.slug ?? '') } }, now);
}

/** Deletes a draft or archived campaign that never received a donation; any other is archived, never deleted. */
export async function deleteCampaign(db: Database, actor: AdminActor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!['draft', 'archived'].includes(row.status)) throw conflict(errorCodes.campaignLifecycle, am.campaignNotDeletable);
    if ((await donationCount(tx, id)) > 0) throw conflict(errorCodes.campaignHasDonations, am.campaignHasDonations);
    const before = await editedContent(tx, row);
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await recordAudit(tx, actor, { action: 'campaign.delete', subject: { type: 'campaign', id }, before }, now);
  });
}
