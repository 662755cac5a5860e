import type { Locale } from '../../../contracts/constants';
import type { SubscriptionRequest } from '../../../contracts/subscriptions';
import type { Config } from '../../config';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import type { Checkpoint } from '../idempotency/idempotency';
import type { PaymentGateways } from '../payments/gateways';

/** Seams for fault-injection tests (a crash between the gateway's answer and the ledger write). */
export interface SubscriptionHooks {
  afterGatewayCall?(chargeId: string): Promise<void> | void;
}

/** What the monthly charges need; the charge job and the routes pass the same collaborators. */
export interface SubscriptionDeps {
  db: Database;
  gateways: PaymentGateways;
  translator: Translator;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  hooks?: SubscriptionHooks;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** POST /subscriptions as the service takes it (create-subscription.ts). */
export interface NewSubscription {
  request: SubscriptionRequest;
  userId: string;
  locale: Locale;
  checkpoint: Checkpoint;
}
