import { useCallback, useRef, useState } from 'react';
import { normalizeCep, type CepLookupResult } from '../../../contracts';
import { addressesApi } from '../../lib/api/addresses';

/**
 * The CEP lookup every address form shares (checkout address step, profile editor): looked up once
 * per complete 8-digit CEP, not on every key, and what the answer knows fills the fields.
 */

/** The address fields a lookup may fill; the embedded source knows only the state. */
export const CEP_FILLED_FIELDS = ['state', 'city', 'neighborhood', 'street_address'] as const;
export type CepFilledField = (typeof CEP_FILLED_FIELDS)[number];

/** Calls `lookup` with the CEP's digits when the typed value becomes a new complete CEP. */
export function useCepTrigger(lookup: (digits: string) => void): (typed: string) => void {
  const last = useRef<string | null>(null);
  return useCallback(
    (typed: string) => {
      const digits = normalizeCep(typed);
      if (digits && digits !== last.current) {
        last.current = digits;
        lookup(digits);
      }
    },
    [lookup],
  );
}

/** Writes what the lookup knows; what it does not know stays as typed. */
export function applyCep(result: CepLookupResult, set: (field: CepFilledField, value: string) => void): void {
  for (const field of CEP_FILLED_FIELDS) if (result[field]) set(field, result[field]);
}

export interface CepLookupState {
  lookingUp: boolean;
  /** The lookup failed (unknown CEP or no answer): the donor types the address. */
  failed: boolean;
}

/**
 * For forms without a machine (the profile editor): the same trigger and the same API call as the
 * checkout's `lookupCep` actor (`addressesApi.lookupCep`); `onFound` gets the answer.
 */
export function useCepLookup(
  onFound: (result: CepLookupResult) => void,
  lookupCep: (cep: string) => Promise<CepLookupResult> = addressesApi.lookupCep,
): CepLookupState & { entered: (typed: string) => void } {
  const [state, setState] = useState<CepLookupState>({ lookingUp: false, failed: false });
  const latest = useRef(0);
  const lookup = useCallback(
    (digits: string) => {
      const call = ++latest.current;
      setState({ lookingUp: true, failed: false });
      lookupCep(digits).then(
        (result) => {
          if (call !== latest.current) return;
          setState({ lookingUp: false, failed: false });
          onFound(result);
        },
        () => {
          if (call === latest.current) setState({ lookingUp: false, failed: true });
        },
      );
    },
    [lookupCep, onFound],
  );
  const entered = useCepTrigger(lookup);
  return { ...state, entered };
}
