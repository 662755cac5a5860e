import { and, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DonationExportFilter } from '../../../contracts/admin-exports';
import type { AdminDonationQuery, AdminDonationRow } from '../../../contracts/admin-donations';
import { endOfSaoPauloDayText, startOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';
import { campaigns, donations, refunds } from '../../db/schema';
import type { Executor } from '../../db/types';
import { brazilianCsv, type CsvCell } from '../exports/brazilian-csv';
import { exportWords, type ExportText } from '../exports/export-words';

/** The admins' view of donations (docs/admin.md): filtered lists and one donation's whole history. */

const refundedCents = sql<string>`coalesce((select sum(r.amount_cents) from ${refunds} r where r.donation_id = ${donations.id} and r.status = 'succeeded'), 0)`;

/** The filters as SQL conditions (exported: the export of the list uses the same). */
export function donationConditions(filter: Omit<AdminDonationQuery, 'page' | 'amount'>): SQL[] {
  const conditions: SQL[] = [];
  if (filter.campaign) conditions.push(eq(campaigns.slug, filter.campaign));
  if (filter.method) conditions.push(eq(donations.paymentMethod, filter.method));
  if (filter.status) conditions.push(eq(donations.status, filter.status));
  if (filter.from) conditions.push(gte(donations.createdAt, startOfSaoPauloDayText(filter.from)));
  if (filter.to) conditions.push(lt(donations.createdAt, endOfSaoPauloDayText(filter.to)));
  if (filter.min !== undefined) conditions.push(gte(donations.amountCents, filter.min));
  if (filter.max !== undefined) conditions.push(lte(donations.amountCents, filter.max));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const document = filter.q.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    const byText = or(
      ilike(sql`${donations.contact}->>'name'`, like),
      ilike(sql`${donations.contact}->>'corporate_name'`, like),
      ilike(sql`${donations.contact}->>'email'`, like),
    ) as SQL;
    conditions.push(
      document.length >= 3
        ? (or(
            byText,
            sql`upper(regexp_replace(coalesce(${donations.contact}->>'cpf', ''), '[^0-9A-Za-z]', '', 'g')) like ${`%${document}%`}`,
            sql`upper(regexp_replace(coalesce(${donations.contact}->>'cnpj', ''), '[^0-9A-Za-z]', '', 'g')) like ${`%${document}%`}`,
          ) as SQL)
        : byText,
    );
  }
  return conditions;
}

type Row = typeof donations.$inferSelect & { campaignSlug: string | null; campaignTitle: string | null; refunded: string };

export function presentRow(row: Row): AdminDonationRow {
  const contact = row.contact;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    amount: row.amountCents,
    refunded: Number(row.refunded),
    method: row.paymentMethod,
    status: row.status,
    campaign: row.campaignSlug ? { slug: row.campaignSlug, title: row.campaignTitle ?? '' } : null,
    donor: {
      name: contact.is_company ? contact.corporate_name || contact.name : contact.name,
      email: contact.email,
      document: (contact.is_company ? contact.cnpj : contact.cpf) || null,
    },
  };
}

export const selectRows = (db: Executor) =>
  db
    .select({ donation: donations, campaignSlug: campaigns.slug, campaignTitle: campaigns.title, refunded: refundedCents })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId));

export async function listAdminDonations(db: Executor, query: AdminDonationQuery): Promise<{ rows: AdminDonationRow[]; total: number }> {
  const where = and(...donationConditions(query));
  const [rows, total] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(query.amount)
      .offset(query.page * query.amount),
    countAdminDonations(db, query),
  ]);
  return { rows: rows.map((r) => presentRow({ ...r.donation, ...r })), total };
}

/** How many donations the filters find (the list's total, and the export's). */
export async function countAdminDonations(db: Executor, filter: DonationExportFilter): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(...donationConditions(filter)));
  return found?.n ?? 0;
}

/**
 * How many donations the filters find, counting no further than `cap`: a direct export is refused
 * (more than it may answer) without reading a row's columns, however long the list.
 */
export async function countAdminDonationsUpTo(db: Executor, filter: DonationExportFilter, cap: number): Promise<number> {
  const found = db
    .select({ one: sql`1` })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(...donationConditions(filter)))
    .limit(cap)
    .as('found');
  const [counted] = await db.select({ n: count() }).from(found);
  return counted?.n ?? 0;
}

/**
 * One step of the filtered list, newest first, after the donation `afterId` (null: from the start). The
 * step starts from that row's own timestamp in the database: microseconds a JavaScript date would lose.
 */
export async function adminDonationsAfter(
  db: Executor,
  filter: DonationExportFilter,
  afterId: string | null,
  limit: number,
): Promise<AdminDonationRow[]> {
  const after = afterId
    ? [sql`(${donations.createdAt}, ${donations.id}) < (select d.created_at, d.id from ${donations} d where d.id = ${afterId})`]
    : [];
  const rows = await selectRows(db)
    .where(and(...donationConditions(filter), ...after))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
  return rows.map((found) => presentRow({ ...found.donation, ...found }));
}

/** The header row of the donations CSV, in the words of the admin who asked. */
export const adminDonationsCsvHeader = (w: ExportText): string[] =>
  [
    exportWords.donation,
    exportWords.date,
    exportWords.confirmedAt,
    exportWords.status,
    exportWords.statusCode,
    exportWords.method,
    exportWords.methodCode,
    exportWords.campaign,
    exportWords.donor,
    exportWords.email,
    exportWords.document,
    exportWords.amount,
    exportWords.refunded,
  ].map(w.t);

/** A donation a row: status and payment method in words with their codes in columns of their own, dates in São Paulo. */
export const adminDonationsCsvRows = (rows: readonly AdminDonationRow[], w: ExportText): CsvCell[][] =>
  rows.map((row) => {
    const text = [
      row.id,
      w.dateTime(row.created_at),
      w.dateTime(row.confirmed_at),
      w.donationStatus(row.status),
      row.status,
      w.method(row.method),
      row.method,
      row.campaign?.title ?? w.t(exportWords.generalFund),
      row.donor.name,
      row.donor.email,
      row.donor.document ?? '',
    ];
    return [...text, { cents: row.amount }, { cents: row.refunded }];
  });

/** The list as a Brazilian CSV (brazilian-csv.ts), a donation a line, in the words of the admin who asked. */
export const adminDonationsCsv = (rows: readonly AdminDonationRow[], w: ExportText): string =>
  brazilianCsv([adminDonationsCsvHeader(w), ...adminDonationsCsvRows(rows, w)]);
