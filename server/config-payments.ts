import { z } from 'zod';
import { apiPixConfig, apiPixEnv, type ApiPixConfig } from './config-api-pix';
import { booleanText, ConfigError, integerText, present, urlText } from './config-text';

/** The variables of payments (docs/configuration.md, docs/payments.md); config.ts spreads them into its schema. */
export const paymentsEnv = {
  // A real provider joins its method's list with its adapter (docs/payments.md, "Adding a provider").
  PAYMENT_CARD_PROVIDER: z
    .enum(['sandbox', 'mercadopago'], { error: 'PAYMENT_CARD_PROVIDER must be sandbox or mercadopago' })
    .default('sandbox'),
  PAYMENT_PIX_PROVIDER: z
    .enum(['sandbox', 'mercadopago', 'api-pix'], { error: 'PAYMENT_PIX_PROVIDER must be sandbox, mercadopago or api-pix' })
    .default('sandbox'),
  PAYMENT_PAYPAL_PROVIDER: z.enum(['sandbox', 'paypal'], { error: 'PAYMENT_PAYPAL_PROVIDER must be sandbox or paypal' }).default('sandbox'),
  PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: booleanText('PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION').default(false),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, { error: 'PAYMENT_WEBHOOK_SECRET must have at least 32 characters' }).optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(1).optional(),
  MERCADOPAGO_API_URL: urlText('MERCADOPAGO_API_URL', ['https:', 'http:']).default('https://api.mercadopago.com'),
  MERCADOPAGO_SDK_URL: urlText('MERCADOPAGO_SDK_URL', ['https:', 'http:']).default('https://sdk.mercadopago.com/js/v2'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: urlText('PAYPAL_API_URL', ['https:', 'http:']).default('https://api-m.paypal.com'),
  ...apiPixEnv,
  PIX_KEY: z.string().min(1).max(77, { error: 'PIX_KEY must have at most 77 characters' }).default('pix@semear.dev'),
  PIX_MERCHANT_NAME: z.string().min(1).max(25, { error: 'PIX_MERCHANT_NAME must have at most 25 characters' }).default('SEMEAR DOACOES'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15, { error: 'PIX_MERCHANT_CITY must have at most 15 characters' }).default('SAO PAULO'),
  PIX_EXPIRES_S: integerText('PIX_EXPIRES_S', 60, 7 * 24 * 3600).default(1800),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

/** The providers a method can be given to. */
export type PaymentProviderName =
  PaymentsEnv['PAYMENT_CARD_PROVIDER'] | PaymentsEnv['PAYMENT_PIX_PROVIDER'] | PaymentsEnv['PAYMENT_PAYPAL_PROVIDER'];

export interface PaymentsConfig {
  /** Who takes new payments of each method; a payment already taken stays with the provider on its row. */
  providers: {
    card: PaymentsEnv['PAYMENT_CARD_PROVIDER'];
    pix: PaymentsEnv['PAYMENT_PIX_PROVIDER'];
    paypal: PaymentsEnv['PAYMENT_PAYPAL_PROVIDER'];
  };
  /** Signs the embedded sandbox's webhooks. */
  webhookSecret: string;
  pix: { key: string; merchantName: string; merchantCity: string; expiresS: number };
  /**
   * Set while its credentials are: a method goes to it, or its payments still settle there. `publicKey`
   * and `sdkUrl`: the browser's tokenisation of cards (null while cards are not with it).
   */
  mercadopago: { apiUrl: string; accessToken: string; webhookSecret: string; publicKey: string | null; sdkUrl: string } | null;
  /** Set while its credentials are, like Mercado Pago's. */
  paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string } | null;
  /** The NGO's own bank through the Central Bank's API Pix: set while PIX goes to it (config-api-pix.ts). */
  apiPix: ApiPixConfig | null;
}

/** The payments part of the configuration. */
export function paymentsConfig(e: PaymentsEnv, production: boolean): PaymentsConfig {
  const providers = { card: e.PAYMENT_CARD_PROVIDER, pix: e.PAYMENT_PIX_PROVIDER, paypal: e.PAYMENT_PAYPAL_PROVIDER };
  // Anyone can confirm a payment on the sandbox's public pages: production must say it means it.
  const onSandbox = Object.entries(providers).filter(([, provider]) => provider === 'sandbox');
  if (production && onSandbox.length > 0 && !e.PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION) {
    const names = onSandbox.map(([method]) => `PAYMENT_${method.toUpperCase()}_PROVIDER=sandbox`).join(', ');
    throw new ConfigError(
      `Invalid configuration: NODE_ENV=production with ${names}, whose public pages confirm any payment; ` +
        'configure a real provider, or set PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true for a staging site',
    );
  }
  const missing = (names: (keyof PaymentsEnv)[]) => names.filter((name) => e[name] === undefined);
  const mercadopagoMissing = missing(['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET']);
  if (providers.pix === 'mercadopago' && mercadopagoMissing.length > 0) {
    throw new ConfigError(`Invalid configuration: PAYMENT_PIX_PROVIDER=mercadopago needs ${mercadopagoMissing.join(', ')}`);
  }
  // Cards are tokenised in the browser with the public key: without it no card could be taken.
  const cardsMissing = missing(['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET']);
  if (providers.card === 'mercadopago' && cardsMissing.length > 0) {
    throw new ConfigError(`Invalid configuration: PAYMENT_CARD_PROVIDER=mercadopago needs ${cardsMissing.join(', ')}`);
  }
  const paypalMissing = missing(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  if (providers.paypal === 'paypal' && paypalMissing.length > 0) {
    throw new ConfigError(`Invalid configuration: PAYMENT_PAYPAL_PROVIDER=paypal needs ${paypalMissing.join(', ')}`);
  }
  return {
    providers,
    webhookSecret: present(e.PAYMENT_WEBHOOK_SECRET),
    pix: { key: e.PIX_KEY, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY, expiresS: e.PIX_EXPIRES_S },
    mercadopago:
      e.MERCADOPAGO_ACCESS_TOKEN !== undefined && e.MERCADOPAGO_WEBHOOK_SECRET !== undefined
        ? {
            apiUrl: e.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
            accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
            webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
            publicKey: e.MERCADOPAGO_PUBLIC_KEY ?? null,
            sdkUrl: e.MERCADOPAGO_SDK_URL,
          }
        : null,
    paypal:
      e.PAYPAL_CLIENT_ID !== undefined && e.PAYPAL_CLIENT_SECRET !== undefined && e.PAYPAL_WEBHOOK_ID !== undefined
        ? {
            apiUrl: e.PAYPAL_API_URL.replace(/\/+$/, ''),
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : null,
    apiPix: apiPixConfig(e, providers.pix === 'api-pix'),
  };
}
