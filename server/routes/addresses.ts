import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cepLookupResultSchema, normalizeCep } from '../../contracts/address-lookup';
import { errorCodes } from '../../contracts/errors';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { CepProviderError, type CepLookup } from '../services/cep/cep-lookup';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { pathParam } from '../../contracts/plain-text';

/** Address helpers for the forms: fill the address in from the CEP. Public (guests donate too). */
export const addressRoutes: FastifyPluginAsync<AppServices & { cepLookup: CepLookup }> = async (instance, { cepLookup }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/addresses/cep/:cep',
    // A malformed CEP is "not found" (404) rather than a validation error: the form shows one message for both.
    { schema: { params: z.object({ cep: pathParam() }), response: { 200: cepLookupResultSchema } } },
    async (request) => {
      const notFound = new HttpError(404, errorCodes.cepNotFound, gm.cepNotFound);
      const cep = normalizeCep(request.params.cep);
      if (!cep) throw notFound;
      try {
        const result = await cepLookup.lookup(cep);
        if (!result) throw notFound;
        return result;
      } catch (error) {
        if (!(error instanceof CepProviderError)) throw error;
        request.log.warn({ err: error }, 'CEP provider failed');
        throw new HttpError(503, errorCodes.cepUnavailable, gm.cepUnavailable);
      }
    },
  );
};
