import { normalizeCep } from '../../../contracts/address-lookup';
import type { BRAZILIAN_STATES } from '../../../contracts/documents';
import type { CepLookup } from './cep-lookup';

type State = (typeof BRAZILIAN_STATES)[number];

/**
 * Correios CEP ranges per UF, by the first five digits (inclusive). Some states have two ranges:
 * AM around RR, DF and GO interleaved around Brasília, and RO's older 789xx range beside MT.
 */
export const CEP_RANGES: ReadonlyArray<readonly [first: number, last: number, state: State]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [78900, 78999, 'RO'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF a CEP belongs to, from its range; null for a malformed CEP or one outside every range (00000-000). */
export function stateForCep(input: string): State | null {
  const cep = normalizeCep(input);
  if (!cep) return null;
  const prefix = Number(cep.slice(0, 5));
  return CEP_RANGES.find(([first, last]) => prefix >= first && prefix <= last)?.[2] ?? null;
}

/**
 * Offline lookup (the default): only the state is known; city, neighborhood and street are left
 * empty for the user to type. It says nothing about whether the street-level CEP really exists.
 */
export function embeddedCepLookup(): CepLookup {
  return {
    async lookup(input) {
      const cep = normalizeCep(input);
      const state = cep && stateForCep(cep);
      if (!cep || !state) return null;
      return { zip_code: cep, state, city: '', neighborhood: '', street_address: '', source: 'embedded' };
    },
  };
}
