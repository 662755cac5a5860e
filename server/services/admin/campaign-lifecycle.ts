import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import {
  LIFECYCLE,
  missingToPublish,
  PUBLISHING_ACTIONS,
  type CampaignAction,
  type CampaignEditorData,
  type LifecycleInput,
} from '../../../contracts/admin-campaign-editor';
import { errorCodes } from '../../../contracts/errors';
import { campaigns } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, invalid, refused } from '../../domain/errors';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { recordAudit, type AdminActor } from './audit-log';
import { editedContent, publishContent, type CampaignRow } from './campaign-content';
import { editorDataOf, lockCampaign } from './campaign-editor';
import { endOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';

/**
 * The campaign lifecycle (docs/admin.md): draft → scheduled → published → paused → ended → archived, by
 * the table in the contracts, each change with its guards, over the optimistic-lock version, and on
 * record. The scheduler publishes scheduled campaigns and ends those past their last day by itself.
 */

/** The scheduler's changes are on record as nobody's, from no address. */
const SCHEDULER: AdminActor = { userId: '', ip: 'scheduler' };

async function transition(
  tx: Executor,
  actor: AdminActor,
  row: CampaignRow,
  action: CampaignAction,
  now: Date,
  publishAt?: Date,
): Promise<CampaignRow> {
  const rule = LIFECYCLE[action];
  if (!rule.from.includes(row.status)) throw conflict(errorCodes.campaignLifecycle, am.lifecycleRefused);
  const content = await editedContent(tx, row);
  if (PUBLISHING_ACTIONS.includes(action) && missingToPublish(content).length > 0) {
    throw refused(errorCodes.campaignNotReady, am.notReadyToPublish);
  }
  const startsAt = action === 'schedule' ? (publishAt ?? now) : action === 'publish' ? now : row.startsAt;
  const changes: Partial<CampaignRow> =
    action === 'publish' || action === 'apply' ? await publishContent(tx, row, content, actor.userId || null, now) : {};
  // The last day counts whole: a campaign cannot open (or be scheduled to) once it is over.
  const ends =
    changes.endsAt !== undefined
      ? changes.endsAt
      : action === 'schedule' && content.ends_on
        ? endOfSaoPauloDayText(content.ends_on)
        : row.endsAt;
  const opens = action === 'publish' || action === 'schedule' || action === 'resume';
  if (ends && ((opens && ends <= (publishAt ?? now)) || (startsAt && ends <= startsAt)))
    throw invalid(errorCodes.validation, am.endDatePast);
  const status = rule.to === 'same' ? row.status : rule.to;
  if (action === 'publish') {
    const slug = changes.slug ?? row.slug;
    await emitWebhookEvent(tx, 'campaign.published', { id: row.id, slug, title: content.title, goal: content.goal, currency: 'BRL' }, now);
  }
  const [updated] = await tx
    .update(campaigns)
    .set({ ...changes, status, startsAt, version: row.version + 1, updatedAt: now })
    .where(eq(campaigns.id, row.id))
    .returning();
  await recordAudit(
    tx,
    actor,
    {
      action: `campaign.${action}`,
      subject: { type: 'campaign', id: row.id },
      before: { status: row.status, starts_at: row.startsAt, ends_at: row.endsAt },
      after: { status, starts_at: startsAt, ends_at: ends, ...(changes.slug ? { content: { ...content, slug: changes.slug } } : {}) },
    },
    now,
  );
  return updated as CampaignRow;
}

export type LifecycleResult = { done: CampaignEditorData } | { stale: true };

/** One action by an admin, over the version the editor read: a newer save answers `stale` and changes nothing. */
export async function changeLifecycle(
  db: Database,
  actor: AdminActor,
  id: string,
  input: LifecycleInput,
  now: Date,
): Promise<LifecycleResult> {
  return db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.version !== input.version) return { stale: true } as const;
    const publishAt = input.publish_at ? new Date(input.publish_at) : undefined;
    if (input.action === 'schedule' && (!publishAt || publishAt <= now)) throw invalid(errorCodes.validation, am.publishAtInvalid);
    return { done: await editorDataOf(tx, await transition(tx, actor, row, input.action, now, publishAt)) };
  });
}

/**
 * The scheduler's minute: scheduled campaigns whose moment came are published (one whose draft lost
 * something it needs goes back to draft, on record), and open ones past their last day end.
 */
export async function runCampaignSchedule(db: Database, now: Date): Promise<{ published: number; ended: number }> {
  const due = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.startsAt, now)));
  let published = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (row.status !== 'scheduled' || !row.startsAt || row.startsAt > now) return;
      try {
        await tx.transaction((inner) => transition(inner, SCHEDULER, row, 'publish', now));
        published += 1;
      } catch {
        await transition(tx, SCHEDULER, row, 'unschedule', now);
      }
    });
  }
  const over = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(inArray(campaigns.status, ['published', 'paused']), isNotNull(campaigns.endsAt), lte(campaigns.endsAt, now)));
  for (const { id } of over) {
    await db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (row.status === 'published' || row.status === 'paused') await transition(tx, SCHEDULER, row, 'end', now);
    });
  }
  return { published, ended: over.length };
}
