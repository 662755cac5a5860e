import type { AxiosInstance } from 'axios';
import { cepLookupResultSchema, normalizeCep, errorCodes, type CepLookupResult } from '../../../contracts';
import { ApiRequestError, normalizeApiError } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';
import { givingMessages } from '../../../contracts/giving-messages';

export function createAddressesApi(http: AxiosInstance) {
  return {
    /**
     * GET /addresses/cep/:cep. Rejects with code cep.not_found ('CEP não encontrado') for an unknown
     * or malformed CEP — the malformed one without asking the server.
     */
    async lookupCep(cep: string): Promise<CepLookupResult> {
      const digits = normalizeCep(cep);
      if (digits === null)
        throw new ApiRequestError({ status: 400, code: errorCodes.cepNotFound, messages: [givingMessages.cepNotFound.id] });
      try {
        return cepLookupResultSchema.parse((await http.get(`/addresses/cep/${digits}`)).data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
  };
}

export const addressesApi = createAddressesApi(defaultHttp);
