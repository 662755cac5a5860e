import { brandOfPaymentMethod, cardMethodOf, type CardPaymentMethod } from '../../../../contracts/card-payment-methods';
import type { CardBrand } from '../../../../contracts/cards';
import { errorCodes } from '../../../../contracts/errors';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { invalid } from '../../../domain/errors';
import type { CardChargeResult, Payer, SavedCardToken } from '../gateway';
import type { CreatePaymentInput, MercadoPagoClient } from './api-client';
import { isMercadoPagoError } from './errors';
import type { MercadoPagoCardToken, MercadoPagoPaymentMethod } from './schemas';
import { cardFailureForError, mercadoPagoOutcome } from './status';

/**
 * Cards at Mercado Pago (docs/payments.md, "Mercado Pago cards"). The browser tokenises the card with
 * Mercado Pago's script and our API charges the token: the number and CVV never reach us. A card kept
 * in "Meus cartões" is a card of a Mercado Pago customer; we keep only `mpcard:<customer>:<card>`, and
 * each charge of it (a monthly one, with no donor present) asks for a one-use token made from it, with
 * no CVV, as Mercado Pago documents for cards on file.
 */

const SAVED_CARD = /^mpcard:([^:]+):([^:]+)$/;

export const savedCardRef = (customerId: string, cardId: string): string => `mpcard:${customerId}:${cardId}`;

function parseSavedCardRef(token: string): { customerId: string; cardId: string } | null {
  const match = SAVED_CARD.exec(token);
  return match ? { customerId: match[1] as string, cardId: match[2] as string } : null;
}

export interface ChargeInput {
  idempotencyKey: string;
  amountCents: number;
  cardToken: string;
  description: string;
  payer: CreatePaymentInput['payer'];
}

/**
 * Charges a browser token or a saved card, keyed by our payment id (`X-Idempotency-Key`): sent again
 * after a crash it answers the same payment. `in_process` (in review) is pending, settled by webhook.
 * A retryable error (5xx, timeout) is thrown for the caller to answer 503 and keep the payment open.
 */
export async function chargeMercadoPagoCard(api: MercadoPagoClient, input: ChargeInput): Promise<CardChargeResult> {
  const saved = parseSavedCardRef(input.cardToken);
  const token = await cardTokenFor(api, input, saved);
  if (!token) return refused('card.token_invalid', null, null);
  const method = await cardMethodOfBin(api, token.firstSix);
  if (!method) return refused('card.not_accepted', null, token.lastFour);
  const { paymentMethodId, brand } = method;
  try {
    const payment = await api.createPayment(
      {
        amountCents: input.amountCents,
        description: input.description,
        paymentMethodId,
        token: token.id,
        installments: 1,
        payer: saved ? { ...input.payer, customerId: saved.customerId } : input.payer,
        externalReference: input.idempotencyKey,
      },
      input.idempotencyKey,
    );
    const last4 = payment.card?.lastFour ?? token.lastFour;
    const { outcome, failureCode } = mercadoPagoOutcome(payment);
    if (outcome === 'succeeded')
      return { status: 'succeeded', gatewayRef: payment.id, brand, last4, ...(payment.feeCents > 0 ? { feeCents: payment.feeCents } : {}) };
    if (outcome === 'pending') return { status: 'pending', gatewayRef: payment.id, brand, last4 };
    return { status: 'failed', gatewayRef: payment.id, failureCode: failureCode ?? 'payment.failed', brand, last4 };
  } catch (error) {
    if (!isMercadoPagoError(error) || error.retryable) throw error;
    return refused(cardFailureForError(error) ?? 'payment.failed', brand, token.lastFour);
  }
}

/** The token to charge: the browser's as it is (null: Mercado Pago does not know it), or a new one from a saved card. */
async function cardTokenFor(
  api: MercadoPagoClient,
  input: ChargeInput,
  saved: { customerId: string; cardId: string } | null,
): Promise<MercadoPagoCardToken | null> {
  try {
    // Keyed by the payment: a retry after a crash gets the same token back, and with it the same payment.
    if (saved) return await api.createSavedCardToken(saved, `${input.idempotencyKey}:token`);
    return await api.getCardToken(input.cardToken);
  } catch (error) {
    if (isMercadoPagoError(error) && !error.retryable) return null;
    throw error;
  }
}

/**
 * Which method Mercado Pago charges a card of this BIN with, and so its brand: asked of Mercado Pago
 * (GET /v1/payment_methods/search), never of a BIN table of ours. null: it takes no such card here.
 */
async function cardMethodOfBin(api: MercadoPagoClient, firstSix: string | null): Promise<CardPaymentMethod | null> {
  if (!firstSix || !/^\d{6}$/.test(firstSix)) return null;
  return cardMethodOf(await api.searchPaymentMethods(firstSix));
}

/** A card's brand: the method Mercado Pago named with the card, else the one it takes the card's BIN with. */
async function brandOfCard(api: MercadoPagoClient, card: { paymentMethodId: string | null; firstSix: string | null }) {
  const named = card.paymentMethodId ? brandOfPaymentMethod(card.paymentMethodId) : null;
  return named ?? (await cardMethodOfBin(api, card.firstSix))?.brand ?? null;
}

/**
 * The methods Mercado Pago takes a BIN with change seldom: each answer naming some is kept an hour (the
 * last 1,000 BINs), so a donation asks once though its card is described, then charged. An answer naming
 * none is asked again next time.
 */
export function rememberingPaymentMethods(api: MercadoPagoClient, now: () => Date, keepMs = 60 * 60 * 1000): MercadoPagoClient {
  const kept = new Map<string, { methods: MercadoPagoPaymentMethod[]; until: number }>();
  return {
    ...api,
    async searchPaymentMethods(bin) {
      const known = kept.get(bin);
      if (known && known.until > now().getTime()) return known.methods;
      const methods = await api.searchPaymentMethods(bin);
      kept.delete(bin);
      if (methods.length > 0) kept.set(bin, { methods, until: now().getTime() + keepMs });
      // A Map iterates in insertion order: the first key is the one kept longest.
      if (kept.size > 1000) kept.delete(kept.keys().next().value as string);
      return methods;
    },
  };
}

const notAccepted = () => invalid(errorCodes.cardNotAccepted, gm.cardNotAccepted);

const refused = (
  failureCode: Extract<CardChargeResult, { status: 'failed' }>['failureCode'],
  brand: CardBrand | null,
  last4: string | null,
): CardChargeResult => ({ status: 'failed', gatewayRef: null, failureCode, brand, last4 });

/**
 * Brand, last four, expiry and holder of a browser token (null: unknown or unusable) or of a saved card.
 * A token of a card Mercado Pago takes no method for throws `card.not_accepted` (a 400 saying so).
 */
export async function describeMercadoPagoCard(api: MercadoPagoClient, cardToken: string): Promise<SavedCardToken | null> {
  const saved = parseSavedCardRef(cardToken);
  const known = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (isMercadoPagoError(error) && !error.retryable) return null;
      throw error;
    }
  };
  if (saved) {
    const card = await known(() => api.getCustomerCard(saved.customerId, saved.cardId));
    const brand = card ? await brandOfCard(api, card) : null;
    return card && brand ? shown(cardToken, brand, card) : null;
  }
  const token = await known(() => api.getCardToken(cardToken));
  if (!token || (token.status !== null && token.status !== 'active')) return null;
  const method = await cardMethodOfBin(api, token.firstSix);
  if (!method) throw notAccepted();
  return { ...shown(token.id, method.brand, token), bin: token.firstSix };
}

/**
 * Keeps a charged (or about to be charged) browser token as a card of the donor's Mercado Pago customer,
 * found by e-mail or made now (keyed by our user id, so a retry makes no second customer).
 */
export async function saveMercadoPagoCard(
  api: MercadoPagoClient,
  input: { cardToken: string; customerRef: string; payer: Payer },
): Promise<SavedCardToken> {
  const { payer } = input;
  const customer =
    (await api.findCustomerByEmail(payer.email)) ??
    (await api.createCustomer(
      {
        email: payer.email,
        ...(payer.name.trim() ? { firstName: payer.name.trim().split(/\s+/)[0] } : {}),
        ...(payer.document ? { identification: payer.document } : {}),
      },
      `customer:${input.customerRef}`,
    ));
  const card = await api.saveCustomerCard(customer.id, input.cardToken, `card:${input.customerRef}:${input.cardToken}`);
  const brand = await brandOfCard(api, card);
  if (!brand) throw new Error(`Mercado Pago saved card ${card.id} of a brand we do not take`);
  return shown(savedCardRef(customer.id, card.id), brand, card);
}

/** Removes a saved card from its Mercado Pago customer; one Mercado Pago no longer knows (404) is already gone. */
export async function forgetMercadoPagoCard(api: MercadoPagoClient, savedToken: string): Promise<void> {
  const saved = parseSavedCardRef(savedToken);
  if (!saved) return;
  try {
    await api.deleteCustomerCard(saved.customerId, saved.cardId);
  } catch (error) {
    if (isMercadoPagoError(error) && error.status === 404) return;
    throw error;
  }
}

function shown(
  token: string,
  brand: CardBrand,
  card: { lastFour: string; expMonth: number | null; expYear: number | null; holderName: string | null },
): SavedCardToken {
  return {
    token,
    brand,
    last4: card.lastFour,
    expMonth: card.expMonth ?? 0,
    expYear: card.expYear ?? 0,
    holderName: card.holderName ?? '',
  };
}
