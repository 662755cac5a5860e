import type { PaymentsClientConfig } from '../../../contracts/payments';
import type { GatewayMethod } from './gateways';
import type { PaymentProvider } from './provider';
import { apiPixProvider } from './api-pix/provider';
import { mercadoPagoProvider } from './mercadopago/provider';
import { paypalProvider } from './paypal/provider';
import { sandboxProvider } from './sandbox/provider';

/**
 * Every payment provider this server can talk to, one line each (docs/payments.md, "Adding a provider"). The key
 * is where its settings sit in the configuration (`config.payments.<key>`), the order is the one its name is
 * offered in by PAYMENT_*_PROVIDER's error message. The first is the default of every method.
 */
const REGISTRY = {
  sandbox: sandboxProvider,
  mercadopago: mercadoPagoProvider,
  paypal: paypalProvider,
  apiPix: apiPixProvider,
};

type SettingsOf<P> = P extends PaymentProvider<infer S> ? S : never;
/** Each provider's settings by its key. */
export type ProviderSettings = { [K in ProviderKey]: SettingsOf<(typeof REGISTRY)[K]> };
export type ProviderKey = keyof typeof REGISTRY;

/** Typed per key, so a provider and its own settings are used together (`withProvider`). */
export const PAYMENT_PROVIDERS: { readonly [K in ProviderKey]: PaymentProvider<ProviderSettings[K]> } = REGISTRY;
export const PROVIDER_KEYS = Object.keys(REGISTRY).filter((key): key is ProviderKey => key in REGISTRY);

/** The default provider of every method: the embedded sandbox. */
export const DEFAULT_PROVIDER: ProviderKey = 'sandbox';

/** The names a method can be given to, in registry order (PAYMENT_CARD_PROVIDER's choices, …). */
export const providerNamesFor = (method: GatewayMethod): string[] =>
  PROVIDER_KEYS.map((key) => PAYMENT_PROVIDERS[key])
    .filter((provider) => provider.methods.includes(method))
    .map((p) => p.name);

export const providerKeyNamed = (name: string): ProviderKey | null =>
  PROVIDER_KEYS.find((key) => PAYMENT_PROVIDERS[key].name === name) ?? null;

/** Each configured provider's settings by key; null: its credentials are not set. */
export type ConfiguredProviders = { readonly [K in ProviderKey]: ProviderSettings[K] | null };

/** Calls `apply` with a provider and its settings together, when it is configured. */
export function withProvider<K extends ProviderKey, R>(
  configured: ConfiguredProviders,
  key: K,
  apply: (provider: PaymentProvider<ProviderSettings[K]>, settings: ProviderSettings[K]) => R,
): R | null {
  const settings = configured[key];
  return settings === null ? null : apply(PAYMENT_PROVIDERS[key], settings);
}

/** What the browser needs to tokenise a card with the card provider in force (GET /payments/config). */
export function browserCardOf(configured: ConfiguredProviders, cardProvider: string): PaymentsClientConfig['card'] {
  const key = providerKeyNamed(cardProvider);
  const own = key ? withProvider(configured, key, (provider, settings) => provider.browserCard?.(settings) ?? null) : null;
  return own ?? { provider: 'sandbox' };
}

/** The origins the Content-Security-Policy opens for the card provider's tokenisation (none for the embedded one). */
export function cardOriginsOf(configured: ConfiguredProviders, cardProvider: string): { scripts: string[]; connect: string[] } {
  const key = providerKeyNamed(cardProvider);
  const own = key ? withProvider(configured, key, (provider, settings) => provider.cardOrigins?.(settings) ?? null) : null;
  return own ?? { scripts: [], connect: [] };
}
