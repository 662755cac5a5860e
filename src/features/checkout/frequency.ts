/**
 * How often the donor gives through this checkout. 'monthly' (/doacao-mensal/checkout) is a card
 * subscription: monthly amounts and wording, no anonymous flag or campaign message (the credit goes to
 * the wallet, not to a campaign's list), and the card is always kept for the next charges.
 */
export type GivingFrequency = 'once' | 'monthly' | 'gift_card';
// 'gift_card' (/gift-card/checkout) buys cards rather than giving: a fixed total (no amount to pick),
// "Pagar", and like 'monthly' no anonymous flag or campaign message.
