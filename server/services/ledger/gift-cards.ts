import { and, eq, lte, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerGroups } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import { findGiftCardByCode, giftCardExpiry, insertGiftCard, type GiftCardRow } from '../gift-cards/gift-cards-repository';
import { notifyGiftCardReceived } from '../notifications/gift-card-received';
import { accountBalance } from './balances';
import { postLedgerGroup } from './post-group';

export type { GiftCardRow } from '../gift-cards/gift-cards-repository';

/**
 * Issues a gift card: its row and the purchase group that fills its ledger account from the
 * gateway's clearing account. Issue 5 buys cards through checkout; tests and the demo seed use this.
 * A recipient with an account is told at once (notification 'gift_card_received', in `locale`).
 */
export async function issueGiftCard(
  tx: Executor,
  input: {
    valueCents: number;
    expiresAt: Date;
    buyerUserId?: string | null;
    id?: string;
    code?: string;
    recipientName?: string | null;
    recipientEmail?: string | null;
    message?: string | null;
    template?: string | null;
    gateway?: string;
    now?: Date;
    /** The e-mail's language and translations; without them Portuguese from the catalogs. */
    translator?: Translator;
    locale?: Locale;
  },
): Promise<GiftCardRow> {
  const card = await insertGiftCard(tx, {
    ...(input.id ? { id: input.id } : {}),
    ...(input.code ? { code: input.code } : {}),
    valueCents: input.valueCents,
    buyerUserId: input.buyerUserId ?? null,
    recipientName: input.recipientName ?? null,
    recipientEmail: input.recipientEmail ?? null,
    message: input.message ?? null,
    template: input.template ?? null,
    expiresAt: input.expiresAt,
    ...(input.now ? { createdAt: input.now } : {}),
  });
  if (!card) throw new Error('gift card not created');
  await postLedgerGroup(tx, {
    kind: 'gift_card_purchase',
    reference: `gift_card_purchase:${card.id}`,
    lines: [
      { account: { kind: 'gateway_clearing', gateway: input.gateway ?? 'sandbox' }, amountCents: -input.valueCents },
      { account: { kind: 'gift_card', giftCardId: card.id }, amountCents: input.valueCents },
    ],
  });
  await notifyGiftCardReceived(tx, { card, now: input.now ?? card.createdAt, translator: input.translator, locale: input.locale });
  return card;
}

/** A card that can pay: known, active, not expired and with money left; else null. */
export async function usableGiftCard(
  tx: Executor,
  code: string,
  now: Date,
  options: { lock: boolean },
): Promise<{ card: GiftCardRow; balanceCents: number } | null> {
  const card = await findGiftCardByCode(tx, code, options);
  if (!card || card.status !== 'active' || card.expiresAt.getTime() <= now.getTime()) return null;
  const balanceCents = await accountBalance(tx, { kind: 'gift_card', giftCardId: card.id });
  return balanceCents > 0 ? { card, balanceCents } : null;
}

/**
 * The gift card a donation was paid with and what was left on it right after that payment (the
 * card's entries up to and including the donation's), with its expiry; null when no gift card paid
 * it. Read by whoever may read the donation: they typed the code, so nothing new is revealed.
 */
export async function giftCardAfterPayment(
  executor: Executor,
  groupReference: string,
): Promise<{ balanceCents: number; expiresAt: Date } | null> {
  const [paid] = await executor
    .select({ entryId: ledgerEntries.id, accountId: ledgerEntries.accountId, giftCardId: ledgerAccounts.ownerKey })
    .from(ledgerGroups)
    .innerJoin(ledgerEntries, eq(ledgerEntries.groupId, ledgerGroups.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerGroups.reference, groupReference), eq(ledgerAccounts.kind, 'gift_card')));
  if (!paid) return null;
  const expiresAt = await giftCardExpiry(executor, paid.giftCardId);
  if (!expiresAt) return null;
  // Entries of one card are written under its row lock (usableGiftCard), so their ids follow the order of payments.
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, paid.accountId), lte(ledgerEntries.id, paid.entryId)));
  return { balanceCents: Number(row?.total ?? 0), expiresAt };
}
