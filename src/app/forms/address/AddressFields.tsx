import { useCallback } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { BRAZILIAN_STATES, type Address, type CepLookupResult } from '../../../../contracts';
import { FormRow, FormSection, Select, TextField, type SelectOption } from '../../../ui';
import { applyCep, useCepLookup, type CepFilledField } from '../cep-lookup';
import { masked } from '../masked';
import { maskZipCode } from '../masks';

type AddressField = keyof Address;

interface Props {
  /** `register` of the form's `address.<field>`, in screen order (react-hook-form focuses the first invalid one). */
  field: (name: AddressField) => UseFormRegisterReturn;
  errors: Partial<Record<AddressField, { message?: string }>> | undefined;
  /** A field error as text of the current language (`useFieldError`). */
  errorText: (error: { message?: string } | undefined) => string | undefined;
  /** Writes what a CEP lookup found, as the form's `setValue` would. Stable across renders (`useCallback`). */
  setField: (name: CepFilledField, value: string) => void;
  /** GET /addresses/cep/:cep (tests pass a fake). */
  lookupCep?: (cep: string) => Promise<CepLookupResult>;
  /** The states offered; by default the 27 units of the federation. */
  states?: SelectOption[];
  /** Whether CEP, state, city, street and number must be filled. */
  required?: boolean;
  /**
   * Whether the browser may fill the fields from the signed-in person's own address: yes on their profile,
   * no on an organisation's address, which is not the admin's.
   */
  autoFill?: boolean;
}

const ALL_STATES: SelectOption[] = BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf }));

/**
 * The address block of the profile editor and the organisation's form ("Endereço"): CEP first, and a complete
 * CEP fills what the lookup knows (the same lookup as the checkout's address step).
 */
export function AddressFields({ field, errors, errorText, setField, lookupCep, states = ALL_STATES, required, autoFill }: Props) {
  const { t } = useLingui();
  const auto = (token: string) => (autoFill ? token : undefined);
  const onCepFound = useCallback((result: CepLookupResult) => applyCep(result, setField), [setField]);
  const cep = useCepLookup(onCepFound, lookupCep);
  // Registered where it is rendered (the focus order); the lookup runs after the mask.
  const zipField = () => {
    const zip = masked(field('zip_code'), maskZipCode);
    return {
      ...zip,
      onChange: (event: { target: EventTarget & { value: string } }) => {
        const result = zip.onChange(event);
        cep.entered(event.target.value);
        return result;
      },
    };
  };
  return (
    <FormSection title={t`Endereço`}>
      <FormRow>
        <TextField
          label={t`CEP`}
          inputMode="numeric"
          autoComplete={auto('postal-code')}
          placeholder="00000-000"
          required={required}
          hint={cep.lookingUp ? t`Buscando o CEP…` : undefined}
          error={errorText(errors?.zip_code) ?? (cep.failed ? t`CEP não encontrado` : undefined)}
          {...zipField()}
        />
        <Select
          label={t`Estado`}
          placeholder={t`Selecione`}
          required={required}
          options={states}
          error={errorText(errors?.state)}
          {...field('state')}
        />
        <TextField
          label={t`Cidade`}
          autoComplete={auto('address-level2')}
          required={required}
          error={errorText(errors?.city)}
          {...field('city')}
        />
      </FormRow>
      <TextField
        label={t`Bairro`}
        autoComplete={auto('address-level3')}
        error={errorText(errors?.neighborhood)}
        {...field('neighborhood')}
      />
      <TextField
        label={t`Rua`}
        autoComplete={auto('address-line1')}
        required={required}
        error={errorText(errors?.street_address)}
        {...field('street_address')}
      />
      <FormRow>
        <TextField
          label={t`Número`}
          inputMode="text"
          hint={t`Ou S/N`}
          required={required}
          error={errorText(errors?.house_number)}
          {...field('house_number')}
        />
        <TextField
          label={t`Complemento`}
          autoComplete={auto('address-line2')}
          error={errorText(errors?.complement)}
          {...field('complement')}
        />
        <TextField label={t`País`} autoComplete={auto('country-name')} error={errorText(errors?.country)} {...field('country')} />
      </FormRow>
    </FormSection>
  );
}
