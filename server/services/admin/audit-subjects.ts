import { inArray } from 'drizzle-orm';
import { bankName } from '../../../contracts/admin-pix';
import type { AuditEntry } from '../../../contracts/admin-taxonomy';
import { nameIn } from '../../../contracts/campaigns';
import type { Locale } from '../../../contracts/constants';
import { campaigns, categories, donations, exportJobs, payoutAccounts, pixKeys, tags, users, webhookEndpoints } from '../../db/schema';
import type { Executor } from '../../db/types';
import { isUuid } from '../../db/uuid';

type Subject = Pick<AuditEntry, 'subject_type' | 'subject_id' | 'before' | 'after'>;

/** A name the entry itself kept (a deleted campaign's title, a deleted tag's name, a webhook's address, the NGO's legal name). */
function keptName(entry: Subject): string | null {
  for (const values of [entry.before, entry.after]) {
    if (values && typeof values === 'object') {
      const kept = values as { title?: unknown; name?: unknown; url?: unknown; legal_name?: unknown };
      for (const value of [kept.title, kept.name, kept.url, kept.legal_name]) if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

/**
 * Each entry's subject in words (docs/admin.md, the audit log): the campaign's title, the category's or
 * tag's name (in the reader's language), the member's name (an invited e-mail stays an e-mail), the
 * webhook's address, the donor of a donation, the PIX key, the payout account, the export's file.
 * Read in one query per kind of subject; a subject gone since keeps the name its entry recorded.
 */
export async function subjectNames(db: Executor, entries: readonly Subject[], locale: Locale): Promise<Map<string, string>> {
  const idsOf = (type: Subject['subject_type'], uuidsOnly = true) => [
    ...new Set(entries.filter((e) => e.subject_type === type && (!uuidsOnly || isUuid(e.subject_id))).map((e) => e.subject_id)),
  ];
  const names = new Map<string, string>();
  const put = (type: Subject['subject_type'], rows: Array<{ id: string; name: string }>) => {
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  };
  const read = async <T>(ids: string[], query: (ids: string[]) => Promise<T[]>) => (ids.length > 0 ? query(ids) : []);

  put(
    'campaign',
    await read(idsOf('campaign'), (ids) =>
      db.select({ id: campaigns.id, name: campaigns.title }).from(campaigns).where(inArray(campaigns.id, ids)),
    ),
  );
  for (const [type, table] of [
    ['category', categories],
    ['tag', tags],
  ] as const) {
    const rows = await read(idsOf(type, false), (slugs) =>
      db.select({ id: table.slug, name: table.name, translations: table.translations }).from(table).where(inArray(table.slug, slugs)),
    );
    put(
      type,
      rows.map((r) => ({ id: r.id, name: nameIn(locale, r.name, r.translations) })),
    );
  }
  put(
    'member',
    await read(idsOf('member'), (ids) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))),
  );
  for (const entry of entries)
    if (entry.subject_type === 'member' && !isUuid(entry.subject_id)) names.set(`member:${entry.subject_id}`, entry.subject_id);
  put(
    'webhook',
    await read(idsOf('webhook'), (ids) =>
      db.select({ id: webhookEndpoints.id, name: webhookEndpoints.url }).from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids)),
    ),
  );
  const donors = await read(idsOf('donation'), (ids) =>
    db.select({ id: donations.id, contact: donations.contact }).from(donations).where(inArray(donations.id, ids)),
  );
  put(
    'donation',
    donors.map((d) => ({ id: d.id, name: (d.contact.is_company ? d.contact.corporate_name : null) || d.contact.name || d.contact.email })),
  );
  put(
    'pix_key',
    await read(idsOf('pix_key'), (ids) => db.select({ id: pixKeys.id, name: pixKeys.key }).from(pixKeys).where(inArray(pixKeys.id, ids))),
  );
  const accounts = await read(idsOf('payout_account'), (ids) => db.select().from(payoutAccounts).where(inArray(payoutAccounts.id, ids)));
  put(
    'payout_account',
    accounts.map((a) => ({ id: a.id, name: `${bankName(a.bankCode) ?? a.bankCode} · ${a.branch} / ${a.account}-${a.digit}` })),
  );
  put(
    'export',
    await read(idsOf('export'), (ids) =>
      db.select({ id: exportJobs.id, name: exportJobs.fileName }).from(exportJobs).where(inArray(exportJobs.id, ids)),
    ),
  );
  for (const entry of entries) {
    const key = `${entry.subject_type}:${entry.subject_id}`;
    const kept = names.has(key) ? null : keptName(entry);
    if (kept) names.set(key, kept);
  }
  return names;
}
