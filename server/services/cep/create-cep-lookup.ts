import type { Config } from '../../config';
import { brasilApiCepLookup } from './brasilapi';
import type { CepLookup, HttpCepLookupOptions } from './cep-lookup';
import { embeddedCepLookup } from './embedded';
import { viaCepLookup } from './viacep';

/** The CEP adapter CEP_PROVIDER names, pointed at CEP_PROVIDER_URL when set. */
export function createCepLookup(cep: Config['cep'], options: Omit<HttpCepLookupOptions, 'baseUrl'> = {}): CepLookup {
  switch (cep.provider) {
    case 'embedded':
      return embeddedCepLookup();
    case 'viacep':
      return viaCepLookup({ ...options, baseUrl: cep.url });
    case 'brasilapi':
      return brasilApiCepLookup({ ...options, baseUrl: cep.url });
  }
}
