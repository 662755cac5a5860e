import { and, eq, isNull } from 'drizzle-orm';
import { giftCards, users, walletLots } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockGiftCard } from '../gift-cards/gift-cards-repository';
import { creditWallet, postLedgerGroup, type AccountRef } from '../ledger';

/** Refunded credit (a wallet lot, or a card given money back) stays usable at least this long. */
export const REFUND_CREDIT_MIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when refunded credit can be used: its own expiry, or REFUND_CREDIT_MIN_DAYS from now if that is sooner. */
export const refundedCreditExpiry = (expiresAt: Date, now: Date): Date =>
  new Date(Math.max(expiresAt.getTime(), now.getTime() + REFUND_CREDIT_MIN_DAYS * DAY_MS));

/** The group that carries a refund on from a redeemed card into its holder's wallet. */
export const refundToWalletReference = (refundReference: string) => `${refundReference}:wallet`;

/** Where a refund's money ended up, for the donor's e-mail. */
export type RefundDestination =
  { to: 'payment_method' } | { to: 'wallet'; userId: string; expiresAt: Date } | { to: 'gift_card'; expiresAt: Date };

/**
 * A gift card's payment refunded (docs/gift-cards.md, "Refunds"): the money goes back onto the card
 * (group `refund:<id>`, cause → card), and then to wherever its holder can use it:
 * - a card that still works keeps it;
 * - a card redeemed into a wallet passes it on to that wallet (group `refund:<id>:wallet`, kind
 *   `gift_card_redemption`, as its redemption did), when the one who redeemed it still has an account;
 * - any other (expired, or redeemed by an account since closed) works again, with the money on it.
 * Either way the credit is usable at least REFUND_CREDIT_MIN_DAYS more, like a wallet payment's refund.
 */
export async function refundToGiftCard(
  tx: Executor,
  input: { giftCardId: string; from: AccountRef; amountCents: number; reference: string; description: string; now: Date },
): Promise<RefundDestination> {
  const card = await lockGiftCard(tx, input.giftCardId);
  if (!card) throw new Error(`gift card ${input.giftCardId} of a refund not found`);
  const account: AccountRef = { kind: 'gift_card', giftCardId: card.id };
  await postLedgerGroup(tx, {
    kind: 'refund',
    reference: input.reference,
    description: input.description,
    lines: [
      { account: input.from, amountCents: -input.amountCents },
      { account, amountCents: input.amountCents },
    ],
  });
  const expiresAt = refundedCreditExpiry(card.expiresAt, input.now);
  const holder = card.status === 'redeemed' ? await walletHolderOf(tx, card.id) : null;
  if (holder) {
    await creditWallet(tx, {
      userId: holder,
      amountCents: input.amountCents,
      origin: 'refund',
      expiresAt,
      from: account,
      reference: refundToWalletReference(input.reference),
      kind: 'gift_card_redemption',
      description: input.description,
    });
    return { to: 'wallet', userId: holder, expiresAt };
  }
  // 'cancelled' is never reopened: the card stays as the buyer left it (its money is on its account).
  if (card.status === 'cancelled') return { to: 'gift_card', expiresAt: card.expiresAt };
  if (card.status !== 'active' || expiresAt.getTime() !== card.expiresAt.getTime()) {
    // A new expiry is a new countdown: the 30- and 7-day reminders are due again.
    const reminders = expiresAt.getTime() !== card.expiresAt.getTime() ? { lastReminderDays: null } : {};
    await tx
      .update(giftCards)
      .set({ status: 'active', expiresAt, ...reminders })
      .where(eq(giftCards.id, card.id));
  }
  return { to: 'gift_card', expiresAt };
}

/** Who redeemed the card into their wallet, if that account is still open (else null). */
async function walletHolderOf(tx: Executor, giftCardId: string): Promise<string | null> {
  const [lot] = await tx
    .select({ userId: walletLots.userId })
    .from(walletLots)
    .innerJoin(users, eq(users.id, walletLots.userId))
    .where(and(eq(walletLots.origin, 'gift_card'), eq(walletLots.sourceRef, giftCardId), eq(users.active, true), isNull(users.deletedAt)));
  return lot?.userId ?? null;
}
