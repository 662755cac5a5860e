import type { Config } from '../../config';
import type { Database } from '../../db/types';
import type { Clock } from '../clock';
import type { PaymentGateway } from './gateway';
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
 * The adapter for PAYMENT_GATEWAY. A real provider adds a case here with its own adapter folder
 * (server/services/payments/<provider>/) implementing PaymentGateway (docs/payments.md).
 */
export function createPaymentGateway(config: Pick<Config, 'payments'>, deps: PaymentGatewayDeps): PaymentGateway {
  switch (config.payments.gateway) {
    case 'sandbox':
      return createSandboxGateway({
        db: deps.db,
        clock: deps.clock,
        webhookSecret: config.payments.webhookSecret,
        pix: config.payments.pix,
        deliverWebhook: deps.deliverWebhook,
        scheduler: deps.scheduler,
        onError: deps.onError,
      });
  }
}
