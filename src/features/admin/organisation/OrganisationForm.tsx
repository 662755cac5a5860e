import { useCallback } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CepLookupResult } from '../../../../contracts';
import {
  organisationProfileInputSchema,
  type OrganisationProfileData,
  type OrganisationProfileInput,
  type OrganisationProfileValues,
} from '../../../../contracts/organisation';
import { FailureAlert } from '../../../app/forms/FailureAlert';
import { AddressFields } from '../../../app/forms/address/AddressFields';
import type { CepFilledField } from '../../../app/forms/cep-lookup';
import { masked } from '../../../app/forms/masked';
import { maskCnpj } from '../../../app/forms/masks';
import { useFieldError } from '../../../app/forms/use-field-error';
import { Button, DateField, Form, FormActions, FormRow, FormSection, Select, TextArea, TextField } from '../../../ui';
import { organisationDefaults } from './organisation-form-values';
import { useSaveOrganisation } from './organisation-provider';

interface Props {
  profile: OrganisationProfileData;
  onSaved: (saved: OrganisationProfileData) => void;
  /** PUT /admin/organization and GET /addresses/cep/:cep (tests pass fakes). */
  save?: (values: OrganisationProfileInput) => Promise<OrganisationProfileData>;
  lookupCep?: (cep: string) => Promise<CepLookupResult>;
}

/**
 * The NGO's legal data (docs/privacy.md, "Organização"), resolved with the API's own schema. A saved form stays
 * locked: the page mounts a fresh one with what the server answered.
 */
// Fields register in screen order: react-hook-form focuses the first invalid one in that order.
export function OrganisationForm({ profile, onSaved, save, lookupCep }: Props) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const { register, control, handleSubmit, setValue, watch, formState } = useForm<
    OrganisationProfileInput,
    unknown,
    OrganisationProfileValues
  >({
    resolver: zodResolver(organisationProfileInputSchema),
    defaultValues: organisationDefaults(profile),
  });
  const { errors } = formState;
  const { view, submit } = useSaveOrganisation(onSaved, save);
  const setAddress = useCallback(
    (field: CepFilledField, value: string) => setValue(`address.${field}`, value, { shouldDirty: true, shouldValidate: field === 'state' }),
    [setValue],
  );
  const hasTitle = watch('deduction_title') !== 'none';

  return (
    <Form onSubmit={handleSubmit((values) => submit(values))} aria-label={t`Dados da organização`}>
      <FormSection title={t`Identificação`}>
        <TextField label={t`Razão social`} required error={fieldError(errors.legal_name)} {...register('legal_name')} />
        <TextField
          label={t`CNPJ`}
          hint={t`Numérico ou alfanumérico.`}
          placeholder="00.000.000/0000-00"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={fieldError(errors.cnpj)}
          {...masked(register('cnpj'), maskCnpj)}
        />
      </FormSection>
      <AddressFields
        field={(name) => register(`address.${name}`)}
        errors={errors.address}
        errorText={fieldError}
        setField={setAddress}
        lookupCep={lookupCep}
        required
      />
      <FormSection title={t`Representante legal`}>
        <FormRow>
          <TextField
            label={t`Nome do representante`}
            required
            error={fieldError(errors.representative_name)}
            {...register('representative_name')}
          />
          <TextField
            label={t`Cargo`}
            hint={t`Como sai abaixo da assinatura (Presidente, Diretora executiva).`}
            required
            error={fieldError(errors.representative_role)}
            {...register('representative_role')}
          />
        </FormRow>
      </FormSection>
      <FormSection title={t`Declarações para dedução`}>
        <Select
          label={t`Título que permite a dedução`}
          hint={t`Empresas só deduzem doações (Lei 9.249/1995, art. 13) a organizações qualificadas como OSCIP ou com título de utilidade pública federal.`}
          options={[
            { value: 'none', label: t`Nenhum: não emitir declarações` },
            { value: 'oscip', label: t`OSCIP` },
            { value: 'public_utility', label: t`Utilidade pública federal` },
          ]}
          error={fieldError(errors.deduction_title)}
          {...register('deduction_title')}
        />
        {hasTitle ? (
          <FormRow>
            <TextField
              label={t`Número do título`}
              required
              error={fieldError(errors.deduction_title_number)}
              {...register('deduction_title_number')}
            />
            <Controller
              control={control}
              name="deduction_title_date"
              render={({ field }) => (
                <DateField label={t`Data do título`} required error={fieldError(errors.deduction_title_date)} {...field} />
              )}
            />
          </FormRow>
        ) : null}
      </FormSection>
      <FormSection title={t`Encarregado de dados (DPO)`}>
        <TextArea
          label={t`Contato do encarregado`}
          hint={t`Nome e e-mail (ou telefone) de quem atende os titulares, como manda a LGPD (art. 41). Aparece na Política de privacidade.`}
          rows={3}
          required
          error={fieldError(errors.dpo_contact)}
          {...register('dpo_contact')}
        />
      </FormSection>
      <FailureAlert failure={view.failure} />
      <FormActions>
        <Button type="submit" loading={view.submitting}>
          <Trans>Salvar</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
