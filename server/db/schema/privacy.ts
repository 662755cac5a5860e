import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The organisation's legal data (docs/privacy.md, "Organização"): one row, id 1. Every document the platform
 * issues (statements, company declarations) prints from it; changes are audited in audit_log.
 */
export const organisationProfile = pgTable(
  'organisation_profile',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    /** Fourteen characters without punctuation: the alphanumeric CNPJ (IN RFB 2.229/2024) too. */
    cnpj: text('cnpj').notNull().default(''),
    /** { zip_code, street_address, house_number, complement, neighborhood, city, state } as the forms send it. */
    address: jsonb('address').notNull().default({}),
    representativeName: text('representative_name').notNull().default(''),
    /** The representative's role as printed under the signature ("Presidente", "Diretora executiva"). */
    representativeRole: text('representative_role').notNull().default(''),
    /** What entitles it to issue deduction declarations: none, an OSCIP qualification or a federal public-utility title. */
    deductionTitle: text('deduction_title', { enum: ['none', 'oscip', 'public_utility'] })
      .notNull()
      .default('none'),
    deductionTitleNumber: text('deduction_title_number').notNull().default(''),
    deductionTitleDate: date('deduction_title_date', { mode: 'string' }),
    /** How to reach the data protection officer (LGPD art. 41), shown on the privacy page and in every export. */
    dpoContact: text('dpo_contact').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [check('organisation_profile_one_row', sql`${t.id} = 1`)],
);

/**
 * A document the platform issued and anyone can verify at /recibos/{code} (docs/privacy.md, "Verification"):
 * what it is, for which year and total, under which NGO, never who it names. The code is the lookup key.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    /** Random, upper-case, grouped for reading aloud (e.g. "7KQ4-M2XD-9TBA"); unique. */
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['statement', 'company_declaration_year', 'company_declaration_donation'] }).notNull(),
    year: integer('year').notNull(),
    /** The account the document is about (null for a guest's documents, read through a receipt link). */
    userId: uuid('user_id'),
    /** For a guest's statement or a declaration of one donation: the donation it was read through or is about. */
    donationId: uuid('donation_id'),
    /** The document's net total in cents, as printed. */
    totalCents: integer('total_cents').notNull(),
    /** The NGO's legal name and CNPJ as printed: a later change of the organisation's data does not unmake the document. */
    organisation: jsonb('organisation').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issued_documents_subject_idx').on(t.kind, t.userId, t.donationId, t.year)],
);

/**
 * A data subject's request under LGPD art. 18 (docs/privacy.md): a copy of their data, or deleting their account
 * (or a guest's donor data, confirmed by e-mail). The DPO's page lists them with their outcome.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['export', 'deletion'] }).notNull(),
    /** The account; for a guest, null and `guestEmailHash` says whose donations. Kept after the deletion (a pseudonym then). */
    userId: uuid('user_id'),
    /** A guest's e-mail as a keyed hash: the request stays listable without keeping the address it erased. */
    guestEmailHash: text('guest_email_hash'),
    status: text('status', {
      enum: ['awaiting_confirmation', 'pending', 'processing', 'ready', 'completed', 'expired', 'failed'],
    }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** An export's file in storage, until it expires. */
    fileKey: text('file_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A guest's confirmation link, hashed (the link itself only went by e-mail). */
    confirmTokenHash: text('confirm_token_hash'),
    /** What happened, for the DPO's page: counts of rows anonymised, provider calls made, or the failure. */
    outcome: jsonb('outcome'),
  },
  (t) => [index('data_requests_user_idx').on(t.userId, t.requestedAt), index('data_requests_listing_idx').on(t.requestedAt)],
);
