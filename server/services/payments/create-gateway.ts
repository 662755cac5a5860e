import type { Config } from '../../config';
import type { PaymentProviderName } from '../../config-payments';
import type { Database } from '../../db/types';
import type { Clock } from '../clock';
import type { PaymentGateway } from './gateway';
import { takesCards, takesPix, takesRedirects } from './capabilities';
import { paymentGateways, type GatewayOfMethod, type PaymentGateways } from './gateways';
import { createApiPixGateway } from './api-pix/api-pix-gateway';
import { payoutAccountReceiver } from './api-pix/receiver-account';
import { createMercadoPagoGateway } from './mercadopago/mercadopago-gateway';
import { createPaypalGateway } from './paypal/paypal-gateway';
import { createSandboxGateway } from './sandbox/sandbox-gateway';
import type { DeliverWebhook, Scheduler } from './sandbox/webhook-outbox';

export interface PaymentGatewayDeps {
  db: Database;
  clock: Clock;
  /**
   * How the embedded sandbox reaches our webhook endpoint. The app passes an `app.inject` into
   * POST /api/v1/payments/webhooks/sandbox, so confirmations take the path a real provider's take.
   */
  deliverWebhook: DeliverWebhook;
  scheduler?: Scheduler;
  onError?: (error: unknown) => void;
}

/**
 * The providers of PAYMENT_CARD_PROVIDER, PAYMENT_PIX_PROVIDER and PAYMENT_PAYPAL_PROVIDER, each built
 * once, plus the embedded sandbox always (the payments it took keep reconciling and refunding). A real
 * provider has its own adapter folder (server/services/payments/<provider>/) and is built here too while
 * its credentials are set, so its payments settle after the methods move on (docs/payments.md).
 */
export function createPaymentGateways(config: Pick<Config, 'payments' | 'publicUrl'>, deps: PaymentGatewayDeps): PaymentGateways {
  const { payments } = config;
  const sandbox = createSandboxGateway({
    db: deps.db,
    clock: deps.clock,
    webhookSecret: payments.webhookSecret,
    pix: payments.pix,
    deliverWebhook: deps.deliverWebhook,
    scheduler: deps.scheduler,
    onError: deps.onError,
  });
  const built: Partial<Record<PaymentProviderName, PaymentGateway>> = { sandbox };
  if (payments.mercadopago) built.mercadopago = createMercadoPagoGateway({ ...payments.mercadopago, clock: deps.clock });
  if (payments.apiPix)
    built['api-pix'] = createApiPixGateway({
      config: payments.apiPix,
      pixKey: payments.pix.key,
      clock: deps.clock,
      receiver: payoutAccountReceiver(deps.db),
    });
  if (payments.paypal) built.paypal = createPaypalGateway({ ...payments.paypal, publicUrl: config.publicUrl, clock: deps.clock });
  const provider = <G extends PaymentGateway>(name: PaymentProviderName, has: (gateway: PaymentGateway) => gateway is G): G => {
    const gateway = built[name];
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
  return paymentGateways(chosen, Object.values(built));
}
