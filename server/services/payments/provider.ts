import type { z } from 'zod';
import type { PaymentProviderName, PaymentsClientConfig } from '../../../contracts/payments';
import type { Database, Executor } from '../../db/types';
import type { Clock } from '../clock';
import type { PaymentGateway } from './gateway';
import type { GatewayMethod, PaymentGateways } from './gateways';
import type { DeliverWebhook, Scheduler } from './sandbox/webhook-outbox';

/** What every provider's gateway may be built with: the app's collaborators and the shared payment settings. */
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

/** The payments configuration every provider may read besides its own settings (config-payments.ts). */
export interface SharedPaymentSettings {
  publicUrl: string;
  /** Signs the embedded sandbox's webhooks (PAYMENT_WEBHOOK_SECRET). */
  webhookSecret: string;
  pix: { key: string; merchantName: string; merchantCity: string; expiresS: number };
}

export interface StartupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * One payment provider, all it knows in its own folder (docs/payments.md, "Adding a provider"): the methods it
 * can take, its variables, its settings, how its gateway is built, what the browser needs to tokenise a card
 * with it, the origins the Content-Security-Policy opens for that, its extra webhook paths and what it does at
 * start-up. `S` is its settings, read from its variables; the registry (providers.ts) lists every provider.
 */
export interface PaymentProvider<S> {
  /** The name on payment rows, in PAYMENT_*_PROVIDER and in /payments/webhooks/{name}. */
  readonly name: PaymentProviderName;
  /** The methods it can be given (PAYMENT_CARD_PROVIDER, PAYMENT_PIX_PROVIDER, PAYMENT_PAYPAL_PROVIDER). */
  readonly methods: readonly GatewayMethod[];
  /** Its environment variables, validated with the rest of the configuration (config.ts). */
  readonly env: z.ZodRawShape;
  /**
   * Its settings while its credentials are set (so the payments it took keep settling after the methods move
   * on), null otherwise. `chosenFor`: the methods given to it now; one that lacks a credential is a ConfigError
   * naming it. `env` holds the variables as set, to be read with its own `env` schema.
   */
  settings(env: Record<string, string>, context: { chosenFor: readonly GatewayMethod[]; production: boolean }): S | null;
  build(settings: S, deps: PaymentGatewayDeps & { shared: SharedPaymentSettings }): PaymentGateway;
  /** While it takes cards: what the browser needs to tokenise one (GET /payments/config; no secret in it). */
  browserCard?(settings: S): PaymentsClientConfig['card'] | null;
  /** While it takes cards: the origins of its tokenisation script and of the API that script posts the card to. */
  cardOrigins?(settings: S): { scripts: string[]; connect: string[] };
  /**
   * Paths under /payments/webhooks/{name} besides the route itself (a bank appends /pix, /rec, /cobr to the
   * URL it was given), and the cap on their bodies: `payments` are read like the route, `recurrences` are
   * Pix Automático's news (routes/payment-webhooks.ts).
   */
  readonly webhookPaths?: { payments: readonly string[]; recurrences: readonly ('rec' | 'cobr')[]; bodyLimit: number };
  /** At start-up, once the database is ready (the API Pix registers its webhooks at the bank). */
  onStart?(gateways: PaymentGateways, input: { db: Executor; publicUrl: string; pixKey: string }, log: StartupLog): Promise<unknown>;
}
