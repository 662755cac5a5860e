import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { useCallback } from 'react';
import { BRAZILIAN_STATES, profileUpdateSchema, type CepLookupResult, type ProfileUpdateInput, type User } from '../../../contracts';
import { Button, DateField, Form, FormActions, FormRow, FormSection, TextField, type SelectOption } from '../../ui';
import { ConfirmCancelledError, useConfirm } from '../../app/dialogs/confirm';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { AddressFields } from '../../app/forms/address/AddressFields';
import type { CepFilledField } from '../../app/forms/cep-lookup';
import { masked } from '../../app/forms/masked';
import { maskPhone } from '../../app/forms/masks';
import { profileDefaults } from './profile-form';
import type { FormFailure } from '../../app/forms/form-failure';
import type { ProfileValues } from '../../../machines/profile/profile.machine';

type ProfileOutput = z.output<typeof profileUpdateSchema>;

interface Props {
  user: User;
  saving: boolean;
  failure: FormFailure | null;
  onSave: (values: ProfileValues) => void;
  onCancel: () => void;
  /** GET /addresses/cep/:cep (tests pass a fake). */
  lookupCep?: (cep: string) => Promise<CepLookupResult>;
}

/** Edits name, phone, birth date and address; resolves with the shared profileUpdateSchema. */
// Fields register in screen order: react-hook-form focuses the first invalid one in that order.
export function ProfileForm({ user, saving, failure, onSave, onCancel, lookupCep }: Props) {
  const { t, i18n } = useLingui();
  const { register, control, handleSubmit, setValue, formState } = useForm<ProfileUpdateInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: profileDefaults(user),
  });
  // Read during render: react-hook-form only tracks the formState fields a render has read.
  const { errors, isDirty } = formState;
  const confirm = useConfirm();
  // Leaving with unsaved changes asks first; a pristine form just closes.
  const cancel = async () => {
    if (!isDirty) return onCancel();
    try {
      await confirm({
        title: t`Descartar alterações?`,
        description: t`O que você mudou no perfil não será salvo.`,
        confirmText: t`Descartar`,
        cancelText: t`Continuar editando`,
      });
      onCancel();
    } catch (error) {
      if (!(error instanceof ConfirmCancelledError)) throw error;
    }
  };
  const err = (e: { message?: string } | undefined) => (e?.message ? i18n._(e.message) : undefined);
  // The same lookup as the checkout's address step: the state (and what else the source knows) fills in.
  const setAddress = useCallback(
    (field: CepFilledField, value: string) => setValue(`address.${field}`, value, { shouldDirty: true, shouldValidate: field === 'state' }),
    [setValue],
  );
  const states: SelectOption[] = BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf }));
  // A registered state outside the list (older data) stays selectable instead of being wiped.
  if (user.address.state && !states.some((o) => o.value === user.address.state))
    states.push({ value: user.address.state, label: user.address.state });

  return (
    <Form onSubmit={handleSubmit((values) => onSave(values))} aria-label={t`Editar perfil`}>
      <FormSection title={t`Dados pessoais`}>
        <TextField label={t`Nome`} autoComplete="name" required error={err(errors.name)} {...register('name')} />
        <FormRow>
          <TextField
            label={t`Telefone`}
            type="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            required
            error={err(errors.phone)}
            {...masked(register('phone'), maskPhone)}
          />
          {user.person_type === 'COMPANY' ? null : (
            <Controller
              control={control}
              name="birth_date"
              render={({ field }) => (
                <DateField label={t`Data de nascimento`} autoComplete="bday" error={err(errors.birth_date)} {...field} />
              )}
            />
          )}
        </FormRow>
      </FormSection>
      <AddressFields
        field={(name) => register(`address.${name}`)}
        errors={errors.address}
        errorText={err}
        setField={setAddress}
        lookupCep={lookupCep}
        states={states}
        autoFill
      />
      <FailureAlert failure={failure} />
      <FormActions>
        <Button type="submit" loading={saving}>
          <Trans>Salvar</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void cancel()} disabled={saving}>
          <Trans>Cancelar</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
