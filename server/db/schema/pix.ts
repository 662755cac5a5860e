import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

const CHANGE_STATUSES = ['pending_approval', 'active', 'inactive', 'rejected'] as const;

/**
 * PIX keys (docs/admin.md): per campaign, or for the general fund (campaign null). A new one waits for a
 * second admin; approved, it replaces the target's key in force (one active per target, by the index).
 */
export const pixKeys = pgTable(
  'pix_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['cpf', 'cnpj', 'email', 'phone', 'evp'] }).notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: CHANGE_STATUSES }).notNull().default('pending_approval'),
    requestedBy: uuid('requested_by').notNull(),
    decidedBy: uuid('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pix_keys_one_active')
      .on(sql`coalesce(${t.campaignId}::text, 'general_fund')`)
      .where(sql`${t.status} = 'active'`),
    index('pix_keys_campaign_idx').on(t.campaignId),
  ],
);

/** The bank accounts that receive payouts; one in force at a time, changed with a second admin's approval. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bankCode: text('bank_code').notNull(),
    branch: text('branch').notNull(),
    account: text('account').notNull(),
    digit: text('digit').notNull(),
    type: text('type', { enum: ['checking', 'savings', 'payment'] }).notNull(),
    holderName: text('holder_name').notNull(),
    holderDocument: text('holder_document').notNull(),
    status: text('status', { enum: CHANGE_STATUSES }).notNull().default('pending_approval'),
    requestedBy: uuid('requested_by').notNull(),
    decidedBy: uuid('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_accounts_one_active')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
  ],
);
