import { errorCodes, messages, paymentsClientConfigSchema, type PaymentsClientConfig } from '../../../contracts';
import { CardTokenizationError, createSandboxTokenizer, type CardTokenizer } from './card-tokenizer';

/**
 * The tokeniser of the provider that takes cards on this site (GET /payments/config), asked once, when
 * the first card is tokenised: the embedded sandbox's, or Mercado Pago's script (loaded only then).
 */
export function createConfiguredTokenizer(deps: { loadConfig: () => Promise<unknown>; locale: () => string }): CardTokenizer {
  let chosen: Promise<CardTokenizer> | null = null;
  const choose = async (config: PaymentsClientConfig): Promise<CardTokenizer> => {
    if (config.card.provider === 'sandbox') return createSandboxTokenizer({ locale: deps.locale });
    const { createMercadoPagoTokenizer } = await import('./mercadopago-tokenizer');
    return createMercadoPagoTokenizer({ publicKey: config.card.public_key, sdkUrl: config.card.sdk_url });
  };
  return {
    async tokenize(card) {
      chosen ??= deps
        .loadConfig()
        .then((raw) => choose(paymentsClientConfigSchema.parse(raw)))
        .catch((error: unknown) => {
          chosen = null;
          throw error instanceof CardTokenizationError
            ? error
            : new CardTokenizationError({ status: 0, code: errorCodes.paymentFailed, messages: [messages.unknownError.id] });
        });
      return (await chosen).tokenize(card);
    },
  };
}
