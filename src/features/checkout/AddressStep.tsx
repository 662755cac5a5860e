import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  addressCountryIssue,
  BRAZILIAN_STATES,
  checkoutAddressSchema,
  type CepLookupResult,
  type CheckoutAddressInput,
} from '../../../contracts';
import { Button, Form, FormActions, FormRow, Select, TextField } from '../../ui';
import { applyCep, useCepTrigger } from '../../app/forms/cep-lookup';
import { masked } from '../../app/forms/masked';
import { maskZipCode } from '../../app/forms/masks';
import { resolveWith, useRefusedFields } from './form-errors';
import { givingMessages } from '../../../contracts/giving-messages';

type AddressValues = Required<{ [K in keyof CheckoutAddressInput]: string }>;

const resolverFor =
  (foreigner: boolean): Resolver<AddressValues> =>
  async (values) => {
    const issues = [...(checkoutAddressSchema.safeParse(values).error?.issues ?? [])];
    const wrongCountry = addressCountryIssue(values.country, foreigner);
    if (wrongCountry) issues.push({ code: 'custom', path: ['country'], message: wrongCountry, input: values.country });
    return resolveWith(values, issues);
  };

const filled = (address: CheckoutAddressInput, foreigner: boolean): AddressValues => ({
  country: foreigner ? (address.country === 'BR' ? '' : (address.country ?? '')) : 'BR',
  zip_code: address.zip_code ?? '',
  state: address.state ?? '',
  city: address.city ?? '',
  neighborhood: address.neighborhood ?? '',
  street_address: address.street_address ?? '',
  complement: address.complement ?? '',
  house_number: address.house_number ?? '',
});

const addressFields = ['country', 'zip_code', 'state', 'city', 'neighborhood', 'street_address', 'complement', 'house_number'] as const;

interface Props {
  address: CheckoutAddressInput;
  registeredAddress: CheckoutAddressInput | null;
  foreigner: boolean;
  cep: CepLookupResult | null;
  cepFailure: string | null;
  lookingUp: boolean;
  busy: boolean;
  submitLabel: string;
  /** Fields the last request was refused for, by form field name (message ids). */
  fieldErrors?: Record<string, string>;
  onCep: (cep: string) => void;
  onSubmit: (address: CheckoutAddressInput) => void;
}

/** Address (docs/spec.md §5): CEP lookup fills what it knows; Brazilian unless the donor is a foreigner. */
export function AddressStep({
  address,
  registeredAddress,
  foreigner,
  cep,
  cepFailure,
  lookingUp,
  busy,
  submitLabel,
  fieldErrors,
  onCep,
  onSubmit,
}: Props) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, setValue, setError, reset, formState } = useForm<AddressValues>({
    resolver: resolverFor(foreigner),
    defaultValues: { ...filled(address, foreigner), zip_code: foreigner ? (address.zip_code ?? '') : maskZipCode(address.zip_code ?? '') },
  });
  useRefusedFields(setError, fieldErrors, addressFields, 'zip_code');
  const errors = formState.errors;
  const err = (e: { message?: string } | undefined) => (e?.message ? i18n._(e.message) : undefined);
  // Looked up once per complete CEP (8 digits), not on every key (shared with the profile editor).
  const cepEntered = useCepTrigger(onCep);

  // What the lookup knows replaces the fields; what it does not know (the embedded source: all but
  // the state) stays as typed.
  useEffect(() => {
    if (cep) applyCep(cep, (field, value) => setValue(field, value, { shouldValidate: false }));
  }, [cep, setValue]);

  const zip = masked(register('zip_code'), maskZipCode);
  const states = BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf }));
  const cepError = err(errors.zip_code) ?? (cepFailure ? i18n._(givingMessages.cepNotFound) : undefined);

  return (
    <Form aria-label={t`Endereço`} onSubmit={handleSubmit((v) => onSubmit(v))}>
      {registeredAddress && registeredAddress.zip_code ? (
        <div>
          <Button variant="secondary" onClick={() => reset(filled(registeredAddress, foreigner))}>
            <Trans>Usar meu endereço cadastrado</Trans>
          </Button>
        </div>
      ) : null}
      {foreigner ? (
        <TextField
          label={t`País`}
          hint={t`Código de 2 letras, por exemplo US, PT, AR.`}
          maxLength={2}
          autoCapitalize="characters"
          required
          error={err(errors.country)}
          {...register('country')}
        />
      ) : null}
      <FormRow>
        <TextField
          label={foreigner ? t`Código postal` : t`CEP`}
          inputMode={foreigner ? 'text' : 'numeric'}
          autoComplete="postal-code"
          placeholder={foreigner ? undefined : '00000-000'}
          required={!foreigner}
          hint={lookingUp ? t`Buscando o CEP…` : undefined}
          error={cepError}
          {...(foreigner ? register('zip_code') : zip)}
          onChange={(event) => {
            const result = foreigner ? register('zip_code').onChange(event) : zip.onChange(event);
            if (!foreigner) cepEntered(event.target.value);
            return result;
          }}
        />
        {foreigner ? (
          <TextField label={t`Estado / região`} required error={err(errors.state)} {...register('state')} />
        ) : (
          <Select label={t`Estado`} placeholder={t`Selecione`} options={states} required error={err(errors.state)} {...register('state')} />
        )}
      </FormRow>
      <TextField label={t`Cidade`} autoComplete="address-level2" required error={err(errors.city)} {...register('city')} />
      <TextField label={t`Bairro`} autoComplete="address-level3" error={err(errors.neighborhood)} {...register('neighborhood')} />
      <TextField
        label={t`Rua`}
        autoComplete="address-line1"
        required={!foreigner}
        error={err(errors.street_address)}
        {...register('street_address')}
      />
      <FormRow>
        <TextField
          label={t`Número`}
          hint={t`Ou S/N`}
          required={!foreigner}
          error={err(errors.house_number)}
          {...register('house_number')}
        />
        <TextField label={t`Complemento`} autoComplete="address-line2" error={err(errors.complement)} {...register('complement')} />
      </FormRow>
      <FormActions>
        <Button type="submit" loading={busy} variant="accent">
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
