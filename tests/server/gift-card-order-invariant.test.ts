import { describe, expect, it } from 'vitest';
import { breaksOrderInvariant, orderMoneyFrom } from '../../server/services/gift-cards/orders/order-ledger';

/**
 * The hourly check of a gift-card order's money (docs/gift-cards.md), from the cards' entries summed
 * per ledger group kind: a R$ 100,00 card that paid R$ 60,00, whose holder redeemed the other R$ 40,00,
 * and every way a refund of the R$ 60,00 can go (issue 23 item 5).
 */
const bought = { kind: 'gift_card_purchase', total: 10_000, cards: 1 };
const paid = { kind: 'donation', total: -6000, cards: 1 };

describe('a gift-card order’s money', () => {
  it('adds up before any refund: purchased = redeemed + spent + donated at expiry + outstanding', () => {
    const money = orderMoneyFrom([bought, paid, { kind: 'gift_card_redemption', total: -4000, cards: 1 }]);
    expect(money).toMatchObject({ purchased: 10_000, redeemed: 4000, spent: 6000, refunded: 0, outstanding: 0, other: 0 });
    expect(breaksOrderInvariant(10_000, money)).toBe(false);
  });

  it('counts a refund back onto a card that still works: nothing spent, all of it outstanding', () => {
    const money = orderMoneyFrom([bought, paid, { kind: 'refund', total: 6000, cards: 1 }]);
    expect(money).toMatchObject({ spent: 0, refunded: 6000, outstanding: 10_000, other: 0 });
    expect(breaksOrderInvariant(10_000, money)).toBe(false);
  });

  it('counts a refund passed on from a redeemed card to its holder’s wallet as redeemed', () => {
    const money = orderMoneyFrom([
      bought,
      paid,
      { kind: 'gift_card_redemption', total: -10_000, cards: 1 },
      { kind: 'refund', total: 6000, cards: 1 },
    ]);
    expect(money).toMatchObject({ redeemed: 10_000, spent: 0, refunded: 6000, outstanding: 0, other: 0 });
    expect(breaksOrderInvariant(10_000, money)).toBe(false);
  });

  it('counts a refund onto an expired card, and its second expiry', () => {
    const expiry = { kind: 'gift_card_expiry', total: -4000, cards: 1 };
    const reopened = orderMoneyFrom([bought, paid, expiry, { kind: 'refund', total: 6000, cards: 1 }]);
    expect(reopened).toMatchObject({ spent: 0, donatedOnExpiry: 4000, outstanding: 6000 });
    expect(breaksOrderInvariant(10_000, reopened)).toBe(false);
    const expiredAgain = orderMoneyFrom([bought, paid, { ...expiry, total: -10_000 }, { kind: 'refund', total: 6000, cards: 1 }]);
    expect(expiredAgain).toMatchObject({ donatedOnExpiry: 10_000, outstanding: 0 });
    expect(breaksOrderInvariant(10_000, expiredAgain)).toBe(false);
  });

  it('still names what no rule allows: another movement, a purchase that is not the total, money taken twice', () => {
    expect(breaksOrderInvariant(10_000, orderMoneyFrom([bought, { kind: 'wallet_credit', total: -1000, cards: 1 }]))).toBe(true);
    expect(breaksOrderInvariant(12_000, orderMoneyFrom([bought]))).toBe(true);
    expect(breaksOrderInvariant(10_000, orderMoneyFrom([bought, { kind: 'gift_card_redemption', total: -11_000, cards: 1 }]))).toBe(true);
    // More refunded onto the cards than they ever paid.
    expect(breaksOrderInvariant(10_000, orderMoneyFrom([bought, paid, { kind: 'refund', total: 7000, cards: 1 }]))).toBe(true);
  });
});
