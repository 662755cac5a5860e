import { z } from 'zod';
import type { PaymentProvider } from '../provider';
import { API_PIX, createApiPixGateway } from './api-pix-gateway';
import { payoutAccountReceiver } from './receiver-account';
import { apiPixConfig, apiPixEnv, type ApiPixConfig } from './settings';
import { registerApiPixWebhooks } from './webhook-registration';

/**
 * The largest notice the API Pix bank may post (/pix, /rec, /cobr): 256 KiB, some 1,500 entries of the spec's shape,
 * where a bank sends one PIX a notice, or a few dozen when it batches. A larger body is refused with 413.
 */
export const API_PIX_NOTICE_MAX_BYTES = 256 * 1024;

/** The NGO's own bank through the Central Bank's API Pix: set while PIX goes to it (settings.ts). */
export const apiPixProvider: PaymentProvider<ApiPixConfig> = {
  name: API_PIX,
  methods: ['pix'],
  env: apiPixEnv,
  settings: (env, { chosenFor }) => apiPixConfig(z.object(apiPixEnv).parse(env), chosenFor.includes('pix')),
  build: (config, { db, clock, shared }) =>
    createApiPixGateway({ config, pixKey: shared.pix.key, clock, receiver: payoutAccountReceiver(db) }),
  // The bank appends /pix (PIX received), /rec and /cobr (Pix Automático) to the URL registered at start-up.
  webhookPaths: { payments: ['pix'], recurrences: ['rec', 'cobr'], bodyLimit: API_PIX_NOTICE_MAX_BYTES },
  onStart: registerApiPixWebhooks,
};
