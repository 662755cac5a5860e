import type { Config } from '../../config';
import type { PaymentGateway } from './gateway';
import { takesCards, takesPix, takesRedirects } from './capabilities';
import { paymentGateways, type GatewayOfMethod, type PaymentGateways } from './gateways';
import type { PaymentGatewayDeps } from './provider';
import { PROVIDER_KEYS, withProvider } from './providers';

export type { PaymentGatewayDeps } from './provider';

/**
 * The providers of PAYMENT_CARD_PROVIDER, PAYMENT_PIX_PROVIDER and PAYMENT_PAYPAL_PROVIDER, each built once, with
 * every other registered provider whose credentials are set (the embedded sandbox always): the payments they took
 * keep reconciling, refunding and taking their webhooks after the methods move on (docs/payments.md).
 */
export function createPaymentGateways(config: Pick<Config, 'payments' | 'publicUrl'>, deps: PaymentGatewayDeps): PaymentGateways {
  const { payments } = config;
  const shared = { publicUrl: config.publicUrl, webhookSecret: payments.webhookSecret, pix: payments.pix };
  const built = new Map<string, PaymentGateway>();
  for (const key of PROVIDER_KEYS) {
    const gateway = withProvider(payments, key, (provider, settings) => provider.build(settings, { ...deps, shared }));
    if (gateway) built.set(gateway.name, gateway);
  }
  const provider = <G extends PaymentGateway>(name: string, has: (gateway: PaymentGateway) => gateway is G): G => {
    const gateway = built.get(name);
    // loadConfig refuses a method whose provider lacks its credentials or the method: this is a programming error.
    if (!gateway || !has(gateway)) throw new Error(`payment provider ${name} is not configured for this method`);
    return gateway;
  };
  const { providers } = payments;
  const chosen: GatewayOfMethod = {
    card: provider(providers.card, takesCards),
    pix: provider(providers.pix, takesPix),
    paypal: provider(providers.paypal, takesRedirects),
  };
  return paymentGateways(chosen, [...built.values()]);
}
