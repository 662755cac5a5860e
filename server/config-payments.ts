import { z } from 'zod';
import type { GatewayMethod } from './services/payments/gateways';
import {
  DEFAULT_PROVIDER,
  PAYMENT_PROVIDERS,
  PROVIDER_KEYS,
  providerNamesFor,
  type ConfiguredProviders,
  type ProviderKey,
} from './services/payments/providers';
import type { SharedPaymentSettings } from './services/payments/provider';
import { integerText, present } from './config-text';

const METHODS: readonly GatewayMethod[] = ['card', 'pix', 'paypal'];

/** "a, b or c": how an error message offers the choices. */
const choices = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join(''));

/** PAYMENT_<METHOD>_PROVIDER: one of the registered providers that take the method (services/payments/providers.ts). */
function providerChoice(method: GatewayMethod) {
  const variable = `PAYMENT_${method.toUpperCase()}_PROVIDER`;
  const [first, ...rest] = providerNamesFor(method);
  if (first === undefined) throw new Error(`no payment provider takes ${method}`);
  return z
    .enum([first, ...rest], { error: `${variable} must be ${choices([first, ...rest])}` })
    .default(PAYMENT_PROVIDERS[DEFAULT_PROVIDER].name);
}

/** Every provider's own variables, spread into the schema so config.ts validates and documents them with the rest. */
const providersEnv: z.ZodRawShape = Object.assign({}, ...PROVIDER_KEYS.map((key) => PAYMENT_PROVIDERS[key].env));

/** The variables of payments (docs/configuration.md, docs/payments.md); config.ts spreads them into its schema. */
export const paymentsEnv = {
  PAYMENT_CARD_PROVIDER: providerChoice('card'),
  PAYMENT_PIX_PROVIDER: providerChoice('pix'),
  PAYMENT_PAYPAL_PROVIDER: providerChoice('paypal'),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, { error: 'PAYMENT_WEBHOOK_SECRET must have at least 32 characters' }).optional(),
  ...providersEnv,
  PIX_KEY: z.string().min(1).max(77, { error: 'PIX_KEY must have at most 77 characters' }).default('pix@semear.dev'),
  PIX_MERCHANT_NAME: z.string().min(1).max(25, { error: 'PIX_MERCHANT_NAME must have at most 25 characters' }).default('SEMEAR DOACOES'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15, { error: 'PIX_MERCHANT_CITY must have at most 15 characters' }).default('SAO PAULO'),
  PIX_EXPIRES_S: integerText('PIX_EXPIRES_S', 60, 7 * 24 * 3600).default(1800),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

/** The name of a registered provider (services/payments/providers.ts). */
export type PaymentProviderName = string;

export type PaymentsConfig = ConfiguredProviders & {
  /** Who takes new payments of each method; a payment already taken stays with the provider on its row. */
  providers: Record<GatewayMethod, PaymentProviderName>;
  /** Signs the embedded sandbox's webhooks. */
  webhookSecret: string;
  pix: SharedPaymentSettings['pix'];
};

/**
 * Each registered provider's settings while its credentials are set (services/payments/providers.ts), read from
 * the variables as set (`env`). The map is built key by key, which TypeScript cannot follow through a loop.
 */
function configuredProviders(env: Record<string, string>, providers: Record<GatewayMethod, string>, production: boolean) {
  const configured: Partial<Record<ProviderKey, unknown>> = {};
  for (const key of PROVIDER_KEYS) {
    const provider = PAYMENT_PROVIDERS[key];
    const chosenFor = METHODS.filter((method) => providers[method] === provider.name);
    configured[key] = provider.settings(env, { chosenFor, production });
  }
  return configured as ConfiguredProviders;
}

/** The payments part of the configuration. `env`: the variables as set, which each provider reads with its own schema. */
export function paymentsConfig(e: PaymentsEnv, production: boolean, env: Record<string, string>): PaymentsConfig {
  const providers = { card: e.PAYMENT_CARD_PROVIDER, pix: e.PAYMENT_PIX_PROVIDER, paypal: e.PAYMENT_PAYPAL_PROVIDER };
  return {
    ...configuredProviders(env, providers, production),
    providers,
    webhookSecret: present(e.PAYMENT_WEBHOOK_SECRET),
    pix: { key: e.PIX_KEY, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY, expiresS: e.PIX_EXPIRES_S },
  };
}
