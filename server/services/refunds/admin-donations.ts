import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { DonationExportFilter } from '../../../contracts/admin-exports';
import type { AdminDonationDetail, AdminDonationQuery, AdminDonationRow, AdminRefund } from '../../../contracts/admin-donations';
import { errorCodes } from '../../../contracts/errors';
import { endOfSaoPauloDayText, startOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';
import {
  campaigns,
  donations,
  ledgerAccounts,
  ledgerEntries,
  ledgerGroups,
  mailOutbox,
  payments,
  refunds,
  sandboxWebhookEvents,
  users,
  webhookDeliveries,
  webhookMessages,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { notFound } from '../../domain/errors';
import { brazilianCsv } from '../exports/brazilian-csv';
import { HOLDING, heldCentsOf } from './refunds';

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

function presentRow(row: Row): AdminDonationRow {
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

const selectRows = (db: Executor) =>
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

export const presentRefund = (refund: typeof refunds.$inferSelect, names: Map<string, string>): AdminRefund => ({
  id: refund.id,
  amount: refund.amountCents,
  reason: refund.reason,
  status: refund.status,
  requested_by: names.get(refund.requestedBy) ?? null,
  decided_by: refund.decidedBy ? (names.get(refund.decidedBy) ?? null) : null,
  created_at: refund.createdAt.toISOString(),
  completed_at: refund.completedAt?.toISOString() ?? null,
});

export async function adminDonationDetail(db: Executor, id: string): Promise<AdminDonationDetail> {
  const [found] = await selectRows(db).where(eq(donations.id, id));
  if (!found) throw notFound(errorCodes.donationNotFound, am.donationNotFound);
  const row = presentRow({ ...found.donation, ...found });
  const [payment] = await db.select().from(payments).where(eq(payments.donationId, id));
  const refundRows = await db.select().from(refunds).where(eq(refunds.donationId, id)).orderBy(asc(refunds.createdAt));
  const people = [...new Set(refundRows.flatMap((r) => [r.requestedBy, r.decidedBy].filter((x): x is string => Boolean(x))))];
  const names = new Map(
    people.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people))).map((u) => [u.id, u.name])
      : [],
  );
  const references = [`donation:${id}`, `refund:${id}`, ...refundRows.map((r) => `refund:${r.id}`)];
  const lines = await db
    .select({
      reference: ledgerGroups.reference,
      kind: ledgerGroups.kind,
      at: ledgerGroups.createdAt,
      account: ledgerAccounts.kind,
      owner: ledgerAccounts.ownerKey,
      amount: ledgerEntries.amountCents,
    })
    .from(ledgerGroups)
    .innerJoin(ledgerEntries, eq(ledgerEntries.groupId, ledgerGroups.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerGroups.reference, references))
    .orderBy(asc(ledgerGroups.createdAt));
  const ledger = [...new Set(lines.map((l) => l.reference))].map((reference) => {
    const group = lines.filter((l) => l.reference === reference);
    return {
      reference,
      kind: group[0]?.kind ?? '',
      at: (group[0]?.at ?? new Date()).toISOString(),
      lines: group.map((l) => ({ account: l.owner ? `${l.account}:${l.owner}` : l.account, amount: l.amount })),
    };
  });
  const events = payment?.gatewayRef
    ? await db
        .select()
        .from(sandboxWebhookEvents)
        .where(eq(sandboxWebhookEvents.paymentId, payment.gatewayRef))
        .orderBy(asc(sandboxWebhookEvents.createdAt))
    : [];
  const emails = row.donor.email
    ? await db
        .select({ subject: mailOutbox.subject, status: mailOutbox.status, at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, row.donor.email), sql`position(${id} in ${mailOutbox.text}) > 0`))
        .orderBy(asc(mailOutbox.createdAt))
    : [];
  const hooks = await db
    .select({ event: webhookMessages.event, status: webhookDeliveries.status, at: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(sql`${webhookMessages.payload}->'data'->>'id' = ${id}`)
    .orderBy(asc(webhookDeliveries.createdAt));
  const held = await heldCentsOf(db, id, [...HOLDING]);
  return {
    ...row,
    refundable: row.status === 'confirmed' ? Math.max(0, row.amount - held) : 0,
    payment: payment
      ? {
          gateway: payment.gateway,
          status: payment.status,
          gateway_ref: payment.gatewayRef,
          card: payment.cardBrand ? `${payment.cardBrand} •••• ${payment.cardLast4 ?? ''}` : null,
          attempts: payment.attempts,
          created_at: payment.createdAt.toISOString(),
        }
      : null,
    gateway_events: events.map((e) => ({
      type: e.type,
      at: e.createdAt.toISOString(),
      delivered_at: e.deliveredAt?.toISOString() ?? null,
      attempts: e.attempts,
    })),
    ledger,
    refunds: refundRows.map((r) => presentRefund(r, names)),
    emails: emails.map((e) => ({ subject: e.subject, status: e.status, at: e.at.toISOString() })),
    webhooks: hooks.map((h) => ({ event: h.event, status: h.status, at: h.at.toISOString() })),
  };
}

/** The filtered list (every page, up to 100,000 rows) as Brazilian Excel opens it: `;`, UTF-8 BOM, cells safe from formulas. */
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

/** The list as a Brazilian CSV (brazilian-csv.ts), a donation a line. */
export function adminDonationsCsv(rows: readonly AdminDonationRow[]): string {
  const header = ['Doação', 'Data', 'Confirmada', 'Situação', 'Meio', 'Campanha', 'Doador', 'E-mail', 'Documento', 'Valor', 'Reembolsado'];
  return brazilianCsv([
    header,
    ...rows.map((row) => {
      const campaign = row.campaign?.title ?? 'Fundo geral';
      const text = [
        row.id,
        row.created_at,
        row.confirmed_at ?? '',
        row.status,
        row.method,
        campaign,
        row.donor.name,
        row.donor.email,
        row.donor.document ?? '',
      ];
      return [...text, { cents: row.amount }, { cents: row.refunded }];
    }),
  ]);
}
