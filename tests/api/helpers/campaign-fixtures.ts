import { randomUUID } from 'node:crypto';
import { postLedgerGroup } from '../../../server/services/ledger/post-group';
import type { NameTranslations } from '../../../contracts/campaigns';
import { campaigns, campaignTags, categories, donations, tags, type DonationContactRecord } from '../../../server/db/schema';
import type { Database, Executor } from '../../../server/db/types';

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const unique = () => `${Date.now().toString(36)}-${(counter += 1)}`;

export async function insertCategory(db: Database, name: string, slug = `categoria-${unique()}`, translations: NameTranslations = {}) {
  const [row] = await db.insert(categories).values({ slug, name, translations }).returning();
  return row as typeof categories.$inferSelect;
}

export async function insertTag(db: Database, name: string, slug = `tag-${unique()}`, translations: NameTranslations = {}) {
  const [row] = await db.insert(tags).values({ slug, name, translations }).returning();
  return row as typeof tags.$inferSelect;
}

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign straight in the database (there is no admin API yet): active, running, with a goal unless told. */
export async function insertCampaign(
  db: Database,
  overrides: Partial<typeof campaigns.$inferInsert> & { tagIds?: string[] } = {},
): Promise<CampaignRow> {
  const { tagIds = [], ...values } = overrides;
  const now = Date.now();
  const [row] = await db
    .insert(campaigns)
    .values({
      slug: `campanha-${unique()}`,
      title: 'Horta comunitária',
      summary: 'Canteiros para o bairro.',
      story: '<p>Uma horta para todos.</p>',
      coverImage: '/uploads/campaigns/horta.svg',
      goalCents: 100_000,
      status: 'published',
      startsAt: new Date(now - 10 * DAY_MS),
      endsAt: new Date(now + 30 * DAY_MS),
      organiserName: 'Coletivo Horta Viva',
      ...values,
    })
    .returning();
  const campaign = row as CampaignRow;
  if (tagIds.length > 0) await db.insert(campaignTags).values(tagIds.map((tagId) => ({ campaignId: campaign.id, tagId })));
  return campaign;
}

/** Money from the gateway's clearing account into a campaign (or the general fund): one balanced ledger group, posted as the server posts it. */
export async function postDonationToLedger(
  tx: Executor,
  campaignId: string | null,
  amountCents: number,
  reference = `donation:${randomUUID()}`,
): Promise<void> {
  await postLedgerGroup(tx, {
    kind: 'donation',
    reference,
    lines: [
      { account: { kind: 'gateway_clearing', gateway: 'sandbox' }, amountCents: -amountCents },
      { account: campaignId ? { kind: 'campaign', campaignId } : { kind: 'general_fund' }, amountCents },
    ],
  });
}

export interface GiftOptions {
  amountCents?: number;
  status?: 'pending' | 'confirmed' | 'failed';
  name?: string;
  email?: string;
  userId?: string | null;
  message?: string | null;
  isAnonymous?: boolean;
  /** When the donation was confirmed (orders messages and donors). */
  at?: Date;
  companyName?: string;
}

/**
 * A donation as the checkout leaves it: confirmed ones also move the money on the ledger in the same
 * transaction, pending and failed ones touch no balance.
 */
export async function give(db: Database, campaignId: string | null, options: GiftOptions = {}): Promise<typeof donations.$inferSelect> {
  const amountCents = options.amountCents ?? 5_000;
  const status = options.status ?? 'confirmed';
  const at = options.at ?? new Date();
  const contact: DonationContactRecord = {
    is_company: options.companyName !== undefined,
    foreigner: false,
    name: options.companyName ?? options.name ?? 'Joana Pereira',
    corporate_name: options.companyName ?? null,
    contact_name: options.companyName ? (options.name ?? 'Joana Pereira') : null,
    email: options.email ?? `doadora.${unique()}@exemplo.com.br`,
    cpf: options.companyName ? null : '52998224725',
    cnpj: options.companyName ? '11222333000181' : null,
    telephone: '11987654321',
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(donations)
      .values({
        campaignId,
        userId: options.userId ?? null,
        amountCents,
        status,
        paymentMethod: 'card',
        isAnonymous: options.isAnonymous ?? false,
        message: options.message ?? null,
        contact,
        receiptTokenHash: randomUUID(),
        createdAt: at,
        updatedAt: at,
        confirmedAt: status === 'confirmed' ? at : null,
      })
      .returning();
    const donation = row as typeof donations.$inferSelect;
    if (status === 'confirmed') await postDonationToLedger(tx, campaignId, amountCents, `donation:${donation.id}`);
    return donation;
  });
}
