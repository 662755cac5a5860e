import type { DonationRequest } from '../../../contracts/donations';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import type { Config } from '../../config';
import { invalid, notFound } from '../../domain/errors';
import { savedCardToken, usableSavedCard } from '../contributions/saved-cards-repository';
import type { Database, Transaction } from '../../db/types';
import type { Clock } from '../clock';
import { takesCards, takesPix, takesRedirects, withCapability } from '../payments/capabilities';
import type { PaymentGateway } from '../payments/gateway';
import type { PaymentGateways } from '../payments/gateways';
import { payerOfPurchase } from '../payments/payer';
import type { Payer, SavedCardToken } from '../payments/gateway';
import type { PaymentRow } from './payments-repository';
import { recordCardResult, recordPaypalOrder, recordPixCharge } from './payment-outcomes';
import { postProviderFee } from './provider-fee';
import { eq } from 'drizzle-orm';
import { donations } from '../../db/schema';
import { pixKeyInForce } from '../pix/pix-admin';

/** How long a PayPal order waits for the payer's approval before reconciliation expires it. */
export const PAYPAL_ORDER_TTL_MS = 3 * 60 * 60 * 1000;

export interface CollectDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'payments'>;
  gateways: PaymentGateways;
}

/** How the payer pays at the gateway: a card token to charge, a PIX charge, or a PayPal order with its return paths. */
export type GatewayCollection =
  { kind: 'card'; cardToken: string } | { kind: 'pix' } | { kind: 'paypal'; returnUrl: string; cancelUrl: string };

/** What a caller adds to the recording of the gateway's answer. */
export interface CollectOptions {
  /** The payer when the caller has them at hand (else read from the purchase). */
  payer?: Payer | null;
  /** Runs once the gateway charged a card, before anything is recorded (a fault-injection seam for tests). */
  afterCharge?: () => Promise<void> | void;
  /**
   * More work in the transaction that records the answer (a donation's confirmation and its stored
   * answer), after the answer is written: both commit together or neither does, and a crash before that
   * commit leaves the payment 'processing', which reconciliation looks up and settles.
   */
  inSameCommit?: (tx: Transaction, recorded: PaymentRow | null) => Promise<void>;
}

/**
 * Steps 2 and 3 of any purchase paid through a gateway (a donation, a gift-card order): the gateway
 * call keyed by the payment id (sent again after a crash it is the same charge, PIX or order) and its
 * answer recorded on the payment before anything else. Resolves to the payment as recorded (null: it
 * had moved on already); the caller confirms a succeeded one, or does it in `inSameCommit`.
 */
export async function collectPayment(
  deps: CollectDeps,
  payment: PaymentRow,
  collection: GatewayCollection,
  description: string,
  options: CollectOptions = {},
): Promise<PaymentRow | null> {
  const { db, clock } = deps;
  const gateway = gatewayOf(deps.gateways, payment);
  const payer = options.payer !== undefined ? options.payer : await payerOfPurchase(db, payment);
  const base = { idempotencyKey: payment.id, amountCents: payment.amountCents, description, payer };
  const record = (write: (tx: Transaction) => Promise<PaymentRow | null>) =>
    db.transaction(async (tx) => {
      const recorded = await write(tx);
      await options.inSameCommit?.(tx, recorded);
      return recorded;
    });
  if (collection.kind === 'card') {
    const result = await withCapability(gateway, takesCards, 'cards').chargeCard({ ...base, cardToken: collection.cardToken });
    if (result.status === 'succeeded') await options.afterCharge?.();
    return record(async (tx) => {
      const recorded = await recordCardResult(tx, payment, result, clock.now());
      if (result.status === 'succeeded') await postProviderFee(tx, payment, { status: 'succeeded', feeCents: result.feeCents });
      return recorded;
    });
  }
  if (collection.kind === 'pix') {
    // From the payment's creation, not from now: a retry after a crash sends the provider the very same
    // request under the same key (Mercado Pago refuses a key sent again with another body).
    const expiresAt = new Date(payment.createdAt.getTime() + deps.config.payments.pix.expiresS * 1000);
    // The key in force for the donation's campaign (or the general fund's); none set: PIX_KEY.
    const [donation] = payment.donationId
      ? await db.select({ campaignId: donations.campaignId }).from(donations).where(eq(donations.id, payment.donationId))
      : [];
    const pixKey = (await pixKeyInForce(db, donation?.campaignId ?? null)) ?? undefined;
    const pix = await withCapability(gateway, takesPix, 'PIX').createPixCharge({ ...base, expiresAt, pixKey });
    return record((tx) => recordPixCharge(tx, payment, pix, clock.now()));
  }
  const order = await withCapability(gateway, takesRedirects, 'PayPal').createPaypalOrder({
    ...base,
    returnUrl: collection.returnUrl,
    cancelUrl: collection.cancelUrl,
  });
  return record((tx) => recordPaypalOrder(tx, payment, order, new Date(clock.now().getTime() + PAYPAL_ORDER_TTL_MS), clock.now()));
}

/** The provider that took a payment (its row's `gateway`): everything after its creation goes there. */
export function gatewayOf(gateways: PaymentGateways, payment: Pick<PaymentRow, 'id' | 'gateway'>): PaymentGateway {
  const gateway = gateways.named(payment.gateway);
  if (!gateway) throw new Error(`payment ${payment.id} was taken by ${payment.gateway}, which is not configured here`);
  return gateway;
}

/**
 * The gateway token to charge for a new card or a saved card, checked before anything is written (an
 * unknown token: 'card.token_invalid'; a card that is not the payer's: not found); null for other methods.
 */
export async function gatewayCardToken(
  deps: Pick<CollectDeps, 'db' | 'gateways'>,
  payment: DonationRequest['payment'],
  userId: string | null,
): Promise<string | null> {
  if (payment.method === 'card') return (await describedNewCard(deps, payment.card_token)).token;
  if (payment.method !== 'saved_card' || !userId) return null;
  const card = await usableSavedCard(deps.db, { cardId: payment.card_id, userId, gateway: deps.gateways.for('card').name });
  if (!card) throw notFound(errorCodes.savedCardNotFound, gm.savedCardNotFound);
  return card.gatewayToken;
}

/** A new card's one-time token as the card provider describes it (brand, last four, expiry, BIN); unknown: 'card.token_invalid'. */
export async function describedNewCard(
  deps: Pick<CollectDeps, 'gateways'>,
  cardToken: string,
): Promise<{ token: string; card: SavedCardToken; provider: string }> {
  const gateway = deps.gateways.for('card');
  const card = await gateway.describeCard(cardToken);
  if (!card) throw invalid(errorCodes.cardTokenInvalid, gm.cardTokenInvalid);
  return { token: cardToken, card, provider: gateway.name };
}

/**
 * The card a first attempt was charging, for its retry: the token as sent (a one-time token the
 * gateway already charged no longer describes, but the same key answers the same charge), or the
 * saved card's, even when it was removed since; null for other methods.
 */
export async function resumedCardToken(db: Database, payment: DonationRequest['payment'], userId: string | null): Promise<string | null> {
  if (payment.method === 'card') return payment.card_token;
  if (payment.method !== 'saved_card' || !userId) return null;
  return savedCardToken(db, { cardId: payment.card_id, userId });
}
