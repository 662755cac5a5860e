import { z } from 'zod';
import { booleanText, ConfigError } from '../../../config-text';
import type { PaymentProvider } from '../provider';
import { createSandboxGateway, SANDBOX } from './sandbox-gateway';

/** The sandbox's variable (docs/configuration.md); it signs its webhooks with PAYMENT_WEBHOOK_SECRET, shared by the app. */
const sandboxEnv = {
  PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: booleanText('PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION').default(false),
};

/** Nothing of its own to set: the sandbox works offline, and is always built (its payments keep settling). */
export type SandboxSettings = Record<string, never>;

/** The embedded provider of every method, the default (docs/payments.md, "The sandbox gateway"). */
export const sandboxProvider: PaymentProvider<SandboxSettings> = {
  name: SANDBOX,
  methods: ['card', 'pix', 'paypal'],
  env: sandboxEnv,
  settings(env, { chosenFor, production }) {
    // Anyone can confirm a payment on the sandbox's public pages: production must say it means it.
    if (production && chosenFor.length > 0 && !z.object(sandboxEnv).parse(env).PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION) {
      const names = chosenFor.map((method) => `PAYMENT_${method.toUpperCase()}_PROVIDER=${SANDBOX}`).join(', ');
      throw new ConfigError(
        `Invalid configuration: NODE_ENV=production with ${names}, whose public pages confirm any payment; ` +
          'configure a real provider, or set PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true for a staging site',
      );
    }
    return {};
  },
  build: (_settings, { db, clock, shared, deliverWebhook, scheduler, onError }) =>
    createSandboxGateway({
      db,
      clock,
      webhookSecret: shared.webhookSecret,
      pix: shared.pix,
      deliverWebhook,
      scheduler,
      onError,
    }),
  // The embedded token endpoint, on this site's own origin: nothing to add to the Content-Security-Policy.
  browserCard: () => ({ provider: SANDBOX }),
};
