import { eq } from 'drizzle-orm';
import { giftCards } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import { notifyGiftCardReceived } from '../notifications/gift-card-received';
import { accountBalance } from './balances';
import { postLedgerGroup } from './post-group';

export type GiftCardRow = typeof giftCards.$inferSelect;

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
  const [card] = await tx
    .insert(giftCards)
    .values({
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
    })
    .returning();
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
export async function usableGiftCard(tx: Executor, code: string, now: Date, options: { lock: boolean }): Promise<{ card: GiftCardRow; balanceCents: number } | null> {
  const query = tx.select().from(giftCards).where(eq(giftCards.code, code));
  const [card] = options.lock ? await query.for('update') : await query;
  if (!card || card.status !== 'active' || card.expiresAt.getTime() <= now.getTime()) return null;
  const balanceCents = await accountBalance(tx, { kind: 'gift_card', giftCardId: card.id });
  return balanceCents > 0 ? { card, balanceCents } : null;
}
