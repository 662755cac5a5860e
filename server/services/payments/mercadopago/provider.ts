import { z } from 'zod';
import { ConfigError, urlText } from '../../../config-text';
import type { PaymentProvider } from '../provider';
import { createMercadoPagoGateway, MERCADOPAGO } from './mercadopago-gateway';

/** Mercado Pago's variables (docs/configuration.md, docs/payments.md "Mercado Pago"). */
const mercadoPagoEnv = {
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(1).optional(),
  MERCADOPAGO_API_URL: urlText('MERCADOPAGO_API_URL', ['https:', 'http:']).default('https://api.mercadopago.com'),
  MERCADOPAGO_SDK_URL: urlText('MERCADOPAGO_SDK_URL', ['https:', 'http:']).default('https://sdk.mercadopago.com/js/v2'),
};

/** Set while its credentials are. `publicKey` and `sdkUrl`: the browser's tokenisation of cards (null while cards are not with it). */
export interface MercadoPagoSettings {
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  publicKey: string | null;
  sdkUrl: string;
}

/** Cards are tokenised in the browser with the public key: without it no card could be taken. */
const NEEDED = {
  pix: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'],
  card: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'],
} as const;

export const mercadoPagoProvider: PaymentProvider<MercadoPagoSettings> = {
  name: MERCADOPAGO,
  methods: ['card', 'pix'],
  env: mercadoPagoEnv,
  settings(env, { chosenFor }) {
    const e = z.object(mercadoPagoEnv).parse(env);
    for (const method of ['pix', 'card'] as const) {
      const missing = NEEDED[method].filter((name) => e[name] === undefined);
      if (chosenFor.includes(method) && missing.length > 0)
        throw new ConfigError(`Invalid configuration: PAYMENT_${method.toUpperCase()}_PROVIDER=${MERCADOPAGO} needs ${missing.join(', ')}`);
    }
    if (e.MERCADOPAGO_ACCESS_TOKEN === undefined || e.MERCADOPAGO_WEBHOOK_SECRET === undefined) return null;
    return {
      apiUrl: e.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
      accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
      publicKey: e.MERCADOPAGO_PUBLIC_KEY ?? null,
      sdkUrl: e.MERCADOPAGO_SDK_URL,
    };
  },
  build: (settings, { clock }) => createMercadoPagoGateway({ ...settings, clock }),
  // The public key only, never the access token; the script loads from sdk_url when a donor first pays by card.
  browserCard: ({ publicKey, sdkUrl }) => (publicKey ? { provider: MERCADOPAGO, public_key: publicKey, sdk_url: sdkUrl } : null),
  cardOrigins: ({ sdkUrl, apiUrl }) => ({ scripts: [new URL(sdkUrl).origin], connect: [new URL(apiUrl).origin] }),
};
