import { z } from 'zod';
import { adminMessages as am } from './admin-messages';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaigns';
import { plainText } from './plain-text';

/**
 * The campaign editor (/admin/campaigns/new, /admin/campaigns/edit; docs/admin.md). The editor works on a
 * draft of the campaign's content, saved on its own (autosave) with an optimistic-lock version; the public
 * page shows only what was published. The sections below are the editor's sections, each validated by
 * its own schema, here, for the server, the editor's machine and its forms alike.
 */

export const CAMPAIGN_TITLE_MAX = 120;
export const CAMPAIGN_SLUG_MAX = 80;
export const CAMPAIGN_SUMMARY_MAX = 280;
export const CAMPAIGN_STORY_MAX = 100_000;
export const CAMPAIGN_ORGANISER_MAX = 120;
export const CAMPAIGN_SHARE_TITLE_MAX = 70;
export const CAMPAIGN_SHARE_DESCRIPTION_MAX = 200;
export const CAMPAIGN_TAGS_MAX = 10;
/** The largest goal: R$ 100 million. */
export const CAMPAIGN_GOAL_MAX = 10_000_000_000;
/** The public page shows the cover at 16:9; an uploaded cover is cropped to it around its focal point. */
export const COVER_RATIO = 16 / 9;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The largest 16:9 rectangle inside an image, centred on its focal point (0–1 across and down) as far as
 * the edges allow: the server crops with it, the editor previews it.
 */
export function coverCrop(width: number, height: number, focus: { x: number; y: number }) {
  const cropWidth = Math.min(width, Math.round(height * COVER_RATIO));
  const cropHeight = Math.min(height, Math.round(cropWidth / COVER_RATIO));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focus.x * width - cropWidth / 2, width - cropWidth),
    top: clamp(focus.y * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A cover is one of ours: uploaded through the editor, or one of the seed's files. */
const COVER_URL = /^\/(?:img\/campaign-covers\/[0-9a-f-]{36}\.jpg|uploads\/campaigns\/[a-z0-9][a-z0-9._-]{0,120})$/;
const DAY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

const slug = plainText().trim().max(CAMPAIGN_SLUG_MAX, { error: am.slugTooLong.id }).regex(SLUG, { error: am.slugFormat.id });
const text = (max: number, tooLong: string, multiline = false) => plainText({ multiline }).trim().max(max, { error: tooLong });

export const basicsSectionSchema = z.object({
  title: text(CAMPAIGN_TITLE_MAX, am.titleTooLong.id),
  slug: z.union([z.literal(''), slug]),
  summary: text(CAMPAIGN_SUMMARY_MAX, am.summaryTooLong.id, true),
  category: z.union([z.literal(''), slug]),
  tags: z.array(slug).max(CAMPAIGN_TAGS_MAX, { error: am.tooManyTags.id }),
});
export const storySectionSchema = z.object({
  story: plainText({ multiline: true }).max(CAMPAIGN_STORY_MAX, { error: am.storyTooLong.id }),
});
export const coverSectionSchema = z.object({
  cover_url: z.union([z.literal(''), z.string().regex(COVER_URL, { error: am.coverInvalid.id })]),
});
export const goalDatesSectionSchema = z.object({
  /** Cents; null: an open-ended campaign. */
  goal: z
    .number({ error: am.goalInvalid.id })
    .int({ error: am.goalInvalid.id })
    .min(100, { error: am.goalTooSmall.id })
    .max(CAMPAIGN_GOAL_MAX, { error: am.goalTooBig.id })
    .nullable(),
  /** The last day donations are taken, whole, in America/Sao_Paulo; '' for none. */
  ends_on: z.union([z.literal(''), z.string().regex(DAY, { error: am.endDateInvalid.id })]),
});
export const organiserSectionSchema = z.object({
  organiser_name: text(CAMPAIGN_ORGANISER_MAX, am.organiserTooLong.id),
});
export const shareSectionSchema = z.object({
  /** '' shows the title; the link preview (WhatsApp, Facebook) uses it. */
  share_title: text(CAMPAIGN_SHARE_TITLE_MAX, am.shareTitleTooLong.id),
  share_description: text(CAMPAIGN_SHARE_DESCRIPTION_MAX, am.shareDescriptionTooLong.id, true),
});

export const EDITOR_SECTIONS = ['basics', 'story', 'cover', 'goalDates', 'organiser', 'share'] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];
export const sectionSchemas = {
  basics: basicsSectionSchema,
  story: storySectionSchema,
  cover: coverSectionSchema,
  goalDates: goalDatesSectionSchema,
  organiser: organiserSectionSchema,
  share: shareSectionSchema,
} as const;
export type SectionValues = { [S in EditorSection]: z.infer<(typeof sectionSchemas)[S]> };

/** The whole content of a campaign as the editor keeps it: every section's fields, side by side. */
export const campaignContentSchema = basicsSectionSchema
  .extend(storySectionSchema.shape)
  .extend(coverSectionSchema.shape)
  .extend(goalDatesSectionSchema.shape)
  .extend(organiserSectionSchema.shape)
  .extend(shareSectionSchema.shape)
  .strict();
export type CampaignContent = z.infer<typeof campaignContentSchema>;

export const emptyCampaignContent: CampaignContent = {
  title: '',
  slug: '',
  summary: '',
  category: '',
  tags: [],
  story: '',
  cover_url: '',
  goal: null,
  ends_on: '',
  organiser_name: '',
  share_title: '',
  share_description: '',
};

/** The text a story's HTML shows (what "the story is written" means), without tags or entities. */
export const storyText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** What a campaign lacks to go public: a title, a story, a cover and a category (and a summary and organiser). */
export const PUBLISH_REQUIREMENTS = ['title', 'summary', 'story', 'cover', 'category', 'organiser'] as const;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];
export function missingToPublish(content: CampaignContent): PublishRequirement[] {
  const present: Record<PublishRequirement, boolean> = {
    title: content.title.trim() !== '',
    summary: content.summary.trim() !== '',
    story: storyText(content.story) !== '',
    cover: content.cover_url !== '',
    category: content.category !== '',
    organiser: content.organiser_name.trim() !== '',
  };
  return PUBLISH_REQUIREMENTS.filter((r) => !present[r]);
}

/** A slug from a title: 'Cozinha Solidária — Recife!' → 'cozinha-solidaria-recife'. */
export const slugFromTitle = (title: string): string =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CAMPAIGN_SLUG_MAX)
    .replace(/-+$/, '');

/**
 * The lifecycle (docs/admin.md): draft → scheduled → published → paused → ended → archived. Each action
 * names the states it leaves from and the one it reaches; `apply` publishes a live campaign's changes
 * and keeps its state. The server enforces this table; the editor offers only what it allows.
 */
export const CAMPAIGN_ACTIONS = ['publish', 'schedule', 'unschedule', 'apply', 'pause', 'resume', 'end', 'archive'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];
export const LIFECYCLE: Record<CampaignAction, { from: readonly CampaignStatus[]; to: CampaignStatus | 'same' }> = {
  publish: { from: ['draft', 'scheduled'], to: 'published' },
  schedule: { from: ['draft'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  apply: { from: ['published', 'paused', 'ended'], to: 'same' },
  pause: { from: ['published'], to: 'paused' },
  resume: { from: ['paused'], to: 'published' },
  end: { from: ['published', 'paused'], to: 'ended' },
  archive: { from: ['draft', 'ended'], to: 'archived' },
};
/** Actions that put the draft's content on the public page, and so need it complete. */
export const PUBLISHING_ACTIONS: readonly CampaignAction[] = ['publish', 'schedule', 'apply'];
export const actionsFrom = (status: CampaignStatus): CampaignAction[] => CAMPAIGN_ACTIONS.filter((a) => LIFECYCLE[a].from.includes(status));

const uuid = z.string().uuid();

/** POST /admin/campaigns: a new draft, from its title. */
export const createCampaignSchema = z.object({
  title: text(CAMPAIGN_TITLE_MAX, am.titleTooLong.id).min(1, { error: am.titleRequired.id }),
});

/** PUT /admin/campaigns/{id}/draft: the whole draft, over the version it was edited from. */
export const saveDraftSchema = z.object({ version: z.number().int().min(1), content: campaignContentSchema });
export type SaveDraftInput = z.infer<typeof saveDraftSchema>;

/** POST /admin/campaigns/{id}/lifecycle. `publish_at` (ISO instant, in the future) only with `schedule`. */
export const lifecycleSchema = z.object({
  action: z.enum(CAMPAIGN_ACTIONS),
  version: z.number().int().min(1),
  publish_at: z.iso.datetime({ offset: true, error: am.publishAtInvalid.id }).optional(),
});
export type LifecycleInput = z.infer<typeof lifecycleSchema>;

export const savedBySchema = z.object({ name: z.string() }).nullable();

/** Someone else's save, sent with a 409 so the editor can show both versions to choose from. */
export const draftConflictSchema = z.object({
  message: z.string(),
  code: z.string(),
  current: z.object({ version: z.number().int(), content: campaignContentSchema, saved_at: z.string(), saved_by: savedBySchema }),
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

export const campaignEditorSchema = z.object({
  id: uuid,
  status: z.enum(CAMPAIGN_STATUSES),
  version: z.number().int(),
  /** The slug the public page answers at now (the draft's may differ until it is published). */
  live_slug: z.string(),
  content: campaignContentSchema,
  saved_at: z.string(),
  saved_by: savedBySchema,
  /** The draft differs from what the public page shows. */
  unpublished_changes: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  donation_count: z.number().int(),
  actions: z.array(z.enum(CAMPAIGN_ACTIONS)),
  missing: z.array(z.enum(PUBLISH_REQUIREMENTS)),
});
export type CampaignEditorData = z.infer<typeof campaignEditorSchema>;

export const draftSavedSchema = z.object({ version: z.number().int(), saved_at: z.string(), unpublished_changes: z.boolean() });
export type DraftSaved = z.infer<typeof draftSavedSchema>;

/** GET /admin/campaign-slugs/{slug}?campaign=: whether a slug is free for that campaign. */
export const slugCheckSchema = z.object({ slug: z.string(), available: z.boolean(), suggestion: z.string() });
export type SlugCheck = z.infer<typeof slugCheckSchema>;

export const campaignVersionSchema = z.object({
  number: z.number().int(),
  published_at: z.string(),
  published_by: savedBySchema,
  content: campaignContentSchema,
});
export type CampaignVersion = z.infer<typeof campaignVersionSchema>;

/** An uploaded image (a cover, or a picture in a story): where it is served and its size. */
export const uploadedImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** POST /admin/campaign-covers?focus_x=&focus_y=: the point (0–1 across and down) the crop keeps in view. */
export const coverFocusSchema = z.object({
  focus_x: z.coerce.number().min(0).max(1).default(0.5),
  focus_y: z.coerce.number().min(0).max(1).default(0.5),
});
