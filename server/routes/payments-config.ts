import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentsClientConfigSchema, type PaymentsClientConfig } from '../../contracts/payments';
import type { Config } from '../config';
import type { AppServices } from '../app-services';

/** What the browser needs to tokenise a card with the provider that takes cards now (no secret in it). */
export function paymentsClientConfig(config: Pick<Config, 'payments'>): PaymentsClientConfig {
  const { providers, mercadopago } = config.payments;
  if (providers.card === 'mercadopago' && mercadopago?.publicKey)
    return { card: { provider: 'mercadopago', public_key: mercadopago.publicKey, sdk_url: mercadopago.sdkUrl } };
  return { card: { provider: 'sandbox' } };
}

export const paymentsConfigRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/payments/config', { schema: { response: { 200: paymentsClientConfigSchema } } }, async () =>
    paymentsClientConfig(services.config),
  );
};
