import { z } from 'zod';
import { normalizeCep } from '../../../contracts/address-lookup';
import { BRAZILIAN_STATES } from '../../../contracts/documents';
import { CepProviderError, type CepLookup, type HttpCepLookupOptions } from './cep-lookup';
import { getProviderJson } from './http-json';

export const VIACEP_URL = 'https://viacep.com.br';

const text = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim());

/** ViaCEP's answer: the address, or `{ "erro": true }` (older servers: `"erro": "true"`) for an unknown CEP. */
const viaCepAnswer = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({ uf: z.enum(BRAZILIAN_STATES), localidade: text, bairro: text, logradouro: text }),
]);

/** https://viacep.com.br — GET /ws/{cep}/json/; 400 for a malformed CEP. */
export function viaCepLookup(options: HttpCepLookupOptions = {}): CepLookup {
  const base = (options.baseUrl ?? VIACEP_URL).replace(/\/+$/, '');
  return {
    async lookup(input) {
      const cep = normalizeCep(input);
      if (!cep) return null;
      const { status, body } = await getProviderJson('viacep', `${base}/ws/${cep}/json/`, options);
      if (status === 400 || status === 404) return null;
      if (status !== 200) throw new CepProviderError('viacep', `answered ${status}`);
      const parsed = viaCepAnswer.safeParse(body);
      if (!parsed.success) throw new CepProviderError('viacep', 'answer in an unexpected shape', { cause: parsed.error });
      const answer = parsed.data;
      if ('erro' in answer) return null;
      return {
        zip_code: cep,
        state: answer.uf,
        city: answer.localidade,
        neighborhood: answer.bairro,
        street_address: answer.logradouro,
        source: 'viacep',
      };
    },
  };
}
