import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentsClientConfigSchema, type PaymentsClientConfig } from '../../contracts/payments';
import type { Config } from '../config';
import type { AppServices } from '../app-services';
import { browserCardOf } from '../services/payments/providers';

/**
 * What the browser needs to tokenise a card with the provider that takes cards now (no secret in it), and
 * whether the PIX provider takes monthly giving (Pix Automático).
 */
export function paymentsClientConfig(config: Pick<Config, 'payments'>, monthlyPix: boolean): PaymentsClientConfig {
  return { card: browserCardOf(config.payments, config.payments.providers.card), monthly_pix: monthlyPix };
}

export const paymentsConfigRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/payments/config', { schema: { response: { 200: paymentsClientConfigSchema } } }, async () =>
    paymentsClientConfig(services.config, services.gateways.for('pix').recurrences !== undefined),
  );
};
