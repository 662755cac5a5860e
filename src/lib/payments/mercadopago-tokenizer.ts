import { errorCodes, messages, parseCardExpiry, type CardInput, type CardToken } from '../../../contracts';
import { cardMethodOf, type CardPaymentMethod } from '../../../contracts/card-payment-methods';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import { CardTokenizationError, type CardTokenizer } from './card-tokenizer';

/** The part of Mercado Pago's browser SDK v2 we use (its "core methods"). */
interface MercadoPagoSdk {
  createCardToken(data: Record<string, string>): Promise<{ id: string; last_four_digits: string; cardholder?: { name?: string } }>;
  /** The methods that take a card of this BIN (its first 8 digits): `{ paging, results: [{ id, payment_type_id, status, … }] }`. */
  getPaymentMethods(query: { bin: string }): Promise<{
    results?: Array<{ id: string; payment_type_id?: string | null; status?: string | null }>;
  }>;
}
type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoSdk;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

/** Mercado Pago's cause codes for card fields (its SDK's documented list), as our field messages. */
const MESSAGE_OF_CAUSE: Record<string, string> = {
  E301: gm.cardNumberInvalid.id,
  '205': gm.cardNumberInvalid.id,
  E302: gm.cvvInvalid.id,
  '224': gm.cvvInvalid.id,
  '208': gm.cardExpiryInvalid.id,
  '209': gm.cardExpiryInvalid.id,
  '325': gm.cardExpiryInvalid.id,
  '326': gm.cardExpiryInvalid.id,
  '221': gm.holderNameRequired.id,
  '316': gm.holderNameRequired.id,
  '214': messages.cpfInvalid.id,
  '324': messages.cpfInvalid.id,
};

let sdkLoading: Promise<MercadoPagoConstructor> | null = null;

/** Loads the script once, when the first card is tokenised: it never weighs on a page that takes no card. */
function loadSdk(sdkUrl: string): Promise<MercadoPagoConstructor> {
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  sdkLoading ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.onload = () => (window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('no MercadoPago')));
    script.onerror = () => reject(new Error(`could not load ${sdkUrl}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later attempt (the donor's "try again") loads it afresh.
    sdkLoading = null;
    throw error;
  });
  return sdkLoading;
}

/**
 * Cards tokenised by Mercado Pago's own script with the account's public key: the number and CVV go from
 * this page to Mercado Pago only (PCI SAQ-A); our API gets the token (docs/payments.md).
 */
export function createMercadoPagoTokenizer(options: { publicKey: string; sdkUrl: string }): CardTokenizer {
  return {
    async tokenize(card: CardInput): Promise<CardToken> {
      const number = card.card_number.replace(/\D/g, '');
      const expiry = parseCardExpiry(card.exp_date);
      const document = card.holder_document.replace(/\D/g, '');
      if (!expiry) throw fieldsRefused([gm.cardExpiryInvalid.id]);
      let mp: MercadoPagoSdk;
      try {
        mp = new (await loadSdk(options.sdkUrl))(options.publicKey, { locale: 'pt-BR' });
      } catch {
        throw providerUnavailable();
      }
      // The brand shown is the method Mercado Pago names for the card, as the server charges it (docs/payments.md).
      const { brand } = await paymentMethodOf(mp, number);
      const year = expiry.year < 100 ? 2000 + expiry.year : expiry.year;
      try {
        const token = await mp.createCardToken({
          cardNumber: number,
          cardholderName: card.holder_name.trim(),
          cardExpirationMonth: String(expiry.month).padStart(2, '0'),
          cardExpirationYear: String(year),
          securityCode: card.cvv,
          identificationType: document.length === 14 ? 'CNPJ' : 'CPF',
          identificationNumber: document,
        });
        return {
          token: token.id,
          brand,
          last4: token.last_four_digits,
          exp_month: expiry.month,
          exp_year: year,
          holder_name: token.cardholder?.name ?? card.holder_name.trim(),
        };
      } catch (causes) {
        // The SDK rejects with its list of causes ({ code, message }); a network failure with an Error.
        if (!Array.isArray(causes))
          throw new CardTokenizationError({ status: 0, code: errorCodes.paymentFailed, messages: [messages.unknownError.id] });
        const texts = causes.map((cause: { code?: unknown }) => MESSAGE_OF_CAUSE[String(cause?.code)] ?? gm.cardTokenInvalid.id);
        throw fieldsRefused([...new Set(texts)]);
      }
    },
  };
}

/**
 * Which method Mercado Pago takes the card with, read by the same rule as the server's (`cardMethodOf`), so a card
 * our BIN table does not place (its test Mastercard, 503143) gets its brand, and one no method takes is refused
 * as the server would refuse it (`card.not_accepted`), before any token is made.
 */
async function paymentMethodOf(mp: MercadoPagoSdk, number: string): Promise<CardPaymentMethod> {
  let results: Awaited<ReturnType<MercadoPagoSdk['getPaymentMethods']>>['results'];
  try {
    ({ results } = await mp.getPaymentMethods({ bin: number.slice(0, 8) }));
  } catch {
    throw providerUnavailable();
  }
  const method = cardMethodOf(
    (results ?? []).map((m) => ({ id: m.id, paymentTypeId: m.payment_type_id ?? null, status: m.status ?? null })),
  );
  if (!method) throw new CardTokenizationError({ status: 400, code: errorCodes.cardNotAccepted, messages: [gm.cardNotAccepted.id] });
  return method;
}

const providerUnavailable = () =>
  new CardTokenizationError({ status: 0, code: errorCodes.paymentProviderUnavailable, messages: [gm.paymentProviderUnavailable.id] });
const fieldsRefused = (texts: string[]) => new CardTokenizationError({ status: 400, code: errorCodes.cardTokenInvalid, messages: texts });
