import { sql } from 'drizzle-orm';
import { CAMPAIGN_STATUSES } from '../../../contracts/campaigns';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NameTranslations } from '../../../contracts/campaigns';
import type { CampaignContent } from '../../../contracts/admin-campaign-editor';
import { sanitizeStoryHtml } from '../../services/story-html';

// The lists of values live in the contracts: the API and the database speak the same words.
export { CAMPAIGN_STATUSES, type CampaignStatus } from '../../../contracts/campaigns';

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  /** The name in Portuguese; `translations` holds it in the other languages, kept with it. */
  name: text('name').notNull(),
  translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  /** Where the admins put it in the lists (then by name). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  /** The name in Portuguese; `translations` holds it in the other languages, kept with it. */
  name: text('name').notNull(),
  translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A story column that sanitises every value written through drizzle (seed, repositories, scripts), so no
 * write path can forget it. Reads are sanitised again when served (campaign-presenter.ts): rows
 * written by other means (psql, a restored dump) get no pass.
 */
const storyHtml = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => sanitizeStoryHtml(value),
});

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    story: storyHtml('story').notNull(),
    /** Path under /uploads (e.g. /uploads/campaigns/cozinha-solidaria-recife.svg). */
    coverImage: text('cover_image'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Money is integer cents; null means an open-ended campaign. */
    goalCents: integer('goal_cents'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    organiserName: text('organiser_name').notNull(),
    /** Shown first on the home page. */
    featured: boolean('featured').notNull().default(false),
    /** The link preview's own title and description (null: the title and summary). */
    shareTitle: text('share_title'),
    shareDescription: text('share_description'),
    /**
     * The editor's work on the campaign (docs/admin.md): saved on its own, published by the lifecycle's
     * publish and apply. Null: the draft is what the public page shows.
     */
    draft: jsonb('draft').$type<CampaignContent>(),
    /** The optimistic lock: every save and lifecycle change takes the version it was read at and raises it. */
    version: integer('version').notNull().default(1),
    /** The last save's author (no foreign key: the campaign outlives the account). */
    savedBy: uuid('saved_by'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_status_idx').on(t.status),
    index('campaigns_category_idx').on(t.categoryId),
    check('campaigns_goal_positive', sql`${t.goalCents} is null or ${t.goalCents} > 0`),
    check('campaigns_dates_ordered', sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

export const campaignTags = pgTable(
  'campaign_tags',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.tagId] })],
);

/** A campaign's earlier slugs: their links keep working (301 to the current one) after a rename. */
export const campaignSlugRedirects = pgTable('campaign_slug_redirects', {
  slug: text('slug').primaryKey(),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What each publish put on the public page, numbered from 1: the editor shows and restores them. */
export const campaignVersions = pgTable(
  'campaign_versions',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<CampaignContent>().notNull(),
    /** Null when the scheduler published it. */
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.number] })],
);
