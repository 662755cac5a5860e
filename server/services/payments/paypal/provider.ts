import { z } from 'zod';
import { ConfigError, urlText } from '../../../config-text';
import type { PaymentProvider } from '../provider';
import { createPaypalGateway, PAYPAL } from './paypal-gateway';

/** PayPal's variables (docs/configuration.md, docs/payments.md "PayPal"). */
const paypalEnv = {
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: urlText('PAYPAL_API_URL', ['https:', 'http:']).default('https://api-m.paypal.com'),
};

/** Set while its credentials are, so the orders PayPal took keep settling after PayPal donations move on. */
export interface PaypalSettings {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export const paypalProvider: PaymentProvider<PaypalSettings> = {
  name: PAYPAL,
  methods: ['paypal'],
  env: paypalEnv,
  settings(env, { chosenFor }) {
    const e = z.object(paypalEnv).parse(env);
    const missing = (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const).filter((name) => e[name] === undefined);
    if (chosenFor.includes('paypal') && missing.length > 0)
      throw new ConfigError(`Invalid configuration: PAYMENT_PAYPAL_PROVIDER=${PAYPAL} needs ${missing.join(', ')}`);
    if (e.PAYPAL_CLIENT_ID === undefined || e.PAYPAL_CLIENT_SECRET === undefined || e.PAYPAL_WEBHOOK_ID === undefined) return null;
    return {
      apiUrl: e.PAYPAL_API_URL.replace(/\/+$/, ''),
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
    };
  },
  build: (settings, { clock, shared }) => createPaypalGateway({ ...settings, publicUrl: shared.publicUrl, clock }),
};
