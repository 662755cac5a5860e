import { z } from 'zod';
import { adminMessages as am } from './admin-messages';
import { plainText } from './plain-text';

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(120);

/**
 * The admin's categories and tags (/admin/categories, /admin/tags; docs/admin.md) and the audit log
 * every admin change writes. A category or tag in use never disappears silently: a category's
 * campaigns move to another first, a tag is merged into another.
 */

export const TAXONOMY_NAME_MAX = 60;

const nameField = (required: boolean) => {
  const text = plainText({ error: am.nameRequired.id }).trim().max(TAXONOMY_NAME_MAX, { error: am.nameTooLong.id });
  return required ? text.min(1, { error: am.nameRequired.id }) : text;
};

/** A name in Portuguese, with its English and Spanish ones (empty: the Portuguese shows). */
export const taxonomyNameSchema = z.object({
  name: nameField(true),
  name_en: nameField(false).optional(),
  name_es: nameField(false).optional(),
});
export type TaxonomyNameInput = z.input<typeof taxonomyNameSchema>;

export const adminCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  position: z.number().int(),
  /** Every campaign in it, drafts and archived ones included (they move with it). */
  campaign_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminTagSchema = adminCategorySchema.omit({ position: true });
export type AdminTag = z.infer<typeof adminTagSchema>;

/** PUT /admin/categories/order: every category's slug, once, in the new order. */
export const categoryOrderSchema = z.object({
  slugs: z.array(slugSchema).min(1).max(500).meta({
    uniqueItems: true,
    description: 'Every category’s slug once, as GET /admin/categories lists them (else 400 category.order_incomplete).',
  }),
});

/** DELETE /admin/categories/{slug}?move_to=: where its campaigns go (required when it has any). */
export const categoryDeleteQuerySchema = z.object({ move_to: slugSchema.optional() });

/** POST /admin/tags/merge: `from` disappears, its campaigns get `into`. */
export const tagMergeSchema = z.object({ from: slugSchema, into: slugSchema });

export const AUDIT_SUBJECTS = [
  'category',
  'tag',
  'campaign',
  'member',
  'webhook',
  'donation',
  'pix_key',
  'payout_account',
  'export',
  'organisation',
  'data_requests',
  'backup',
] as const;

/**
 * Every change the audit log records, by its code (the page names each in words). A campaign's
 * lifecycle actions are `campaign.<action>` (CAMPAIGN_ACTIONS).
 */
export const AUDIT_ACTIONS = [
  'campaign.create',
  'campaign.save',
  'campaign.delete',
  'campaign.publish',
  'campaign.schedule',
  'campaign.unschedule',
  'campaign.apply',
  'campaign.pause',
  'campaign.resume',
  'campaign.end',
  'campaign.archive',
  'category.created',
  'category.renamed',
  'category.reordered',
  'category.deleted',
  'tag.created',
  'tag.renamed',
  'tag.merged',
  'tag.deleted',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.permissions_changed',
  'member.permissions_requested',
  'member.permissions_approved',
  'member.permissions_rejected',
  'member.removed',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.test_sent',
  'webhook.replayed',
  'refund.requested',
  'refund.approved',
  'refund.rejected',
  'pix_key.requested',
  'pix_key.approved',
  'pix_key.rejected',
  'payout_account.requested',
  'payout_account.approved',
  'payout_account.rejected',
  'export.requested',
  'export.downloaded',
  'organisation.updated',
  'privacy.requests_viewed',
  'backup.requested',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One admin change as the audit log keeps it: who, when, from where, what, before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  ip: z.string(),
  action: z.string(),
  subject_type: z.enum(AUDIT_SUBJECTS),
  /** The subject's code (an id, a slug, an e-mail); `subject_name` says it in words where it still exists. */
  subject_id: z.string(),
  /** The campaign's title, the category's or tag's name, the member's name, the webhook's address… */
  subject_name: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/audit-log: newest first, filtered by subject, actor or action; `page` from 0. */
export const auditQuerySchema = z.object({
  subject_type: z.enum(AUDIT_SUBJECTS).optional(),
  subject_id: z.string().max(200).optional(),
  actor_id: z.uuid().optional(),
  action: z.string().max(80).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(100).default(50),
});
