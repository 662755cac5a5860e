import { cardBrand, errorCodes, messages, parseCardExpiry, type CardInput, type CardToken } from '../../../contracts';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import { CardTokenizationError, type CardTokenizer } from './card-tokenizer';

/** The part of Mercado Pago's browser SDK v2 we use (its "core methods"). */
interface MercadoPagoSdk {
  createCardToken(data: Record<string, string>): Promise<{ id: string; last_four_digits: string; cardholder?: { name?: string } }>;
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
      const brand = cardBrand(number);
      const document = card.holder_document.replace(/\D/g, '');
      if (!expiry || !brand) throw fieldsRefused([gm.cardNumberInvalid.id]);
      let MercadoPago: MercadoPagoConstructor;
      try {
        MercadoPago = await loadSdk(options.sdkUrl);
      } catch {
        throw new CardTokenizationError({
          status: 0,
          code: errorCodes.paymentProviderUnavailable,
          messages: [gm.paymentProviderUnavailable.id],
        });
      }
      const year = expiry.year < 100 ? 2000 + expiry.year : expiry.year;
      try {
        const token = await new MercadoPago(options.publicKey, { locale: 'pt-BR' }).createCardToken({
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

const fieldsRefused = (texts: string[]) => new CardTokenizationError({ status: 400, code: errorCodes.cardTokenInvalid, messages: texts });
