import { and, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import type { GiftCardRedeemed } from '../../../contracts/gift-cards';
import { walletLots } from '../../db/schema';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import type { Database, Executor } from '../../db/types';
import { notFound } from '../../domain/errors';
import { creditWallet, usableGiftCard, walletBalance } from '../ledger';
import { findGiftCardByCode, setGiftCardStatus } from './gift-cards-repository';

const redemptionReference = (giftCardId: string) => `gift_card_redemption:${giftCardId}`;

/** The wallet lot a redeemed card became, if `userId` redeemed it. */
async function lotRedeemedBy(executor: Executor, userId: string, giftCardId: string) {
  const [lot] = await executor
    .select({ amountCents: walletLots.amountCents, expiresAt: walletLots.expiresAt, createdAt: walletLots.createdAt })
    .from(walletLots)
    .where(and(eq(walletLots.userId, userId), eq(walletLots.origin, 'gift_card'), eq(walletLots.sourceRef, giftCardId)));
  return lot ?? null;
}

/**
 * Moves everything left on a gift card into the donor's wallet as one lot that keeps the card's expiry
 * (docs/design.md §8), and marks the card redeemed, in one transaction under the card's row lock. The
 * same donor redeeming the same card again (a retry, or a code typed twice) gets the same amounts, marked
 * `already_redeemed` with when it was; anyone else, and any code
 * that is unknown, expired, cancelled or used up, reads 'Gift-card não encontrado'.
 */
export async function redeemGiftCard(db: Database, input: { userId: string; code: string; now: Date }): Promise<GiftCardRedeemed> {
  return db.transaction(async (tx) => {
    const card = await findGiftCardByCode(tx, input.code, { lock: true });
    if (card?.status === 'redeemed') {
      const lot = await lotRedeemedBy(tx, input.userId, card.id);
      if (lot) return answer(tx, input, { amountCents: lot.amountCents, expiresAt: lot.expiresAt, redeemedAt: lot.createdAt, again: true });
    }
    const usable = card ? await usableGiftCard(tx, input.code, input.now, { lock: false }) : null;
    if (!usable) throw notFound(errorCodes.giftCardNotFound, gm.giftCardNotFound);
    await creditWallet(tx, {
      userId: input.userId,
      amountCents: usable.balanceCents,
      origin: 'gift_card',
      sourceRef: usable.card.id,
      expiresAt: usable.card.expiresAt,
      from: { kind: 'gift_card', giftCardId: usable.card.id },
      reference: redemptionReference(usable.card.id),
      kind: 'gift_card_redemption',
    });
    await setGiftCardStatus(tx, usable.card.id, 'redeemed');
    await emitWebhookEvent(tx, 'gift_card.redeemed', { id: usable.card.id, amount: usable.balanceCents, currency: 'BRL' }, input.now);
    // Read back, so this answer and a later repeat's say the same moment (the lot's own).
    const lot = await lotRedeemedBy(tx, input.userId, usable.card.id);
    const redeemedAt = lot?.createdAt ?? input.now;
    return answer(tx, input, { amountCents: usable.balanceCents, expiresAt: usable.card.expiresAt, redeemedAt, again: false });
  });
}

async function answer(
  executor: Executor,
  input: { userId: string; now: Date },
  lot: { amountCents: number; expiresAt: Date; redeemedAt: Date; again: boolean },
): Promise<GiftCardRedeemed> {
  return {
    amount: lot.amountCents,
    expires_at: lot.expiresAt.toISOString(),
    balance: await walletBalance(executor, input.userId, input.now),
    already_redeemed: lot.again,
    redeemed_at: lot.redeemedAt.toISOString(),
  };
}
