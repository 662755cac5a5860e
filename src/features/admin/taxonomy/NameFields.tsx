import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxonomyNameInput } from '../../../../contracts/admin-taxonomy';
import { Button, Form, FormActions, TextField } from '../../../ui';

/** A category's or tag's name in Portuguese, English and Spanish (the last two optional). */
export function NameForm({
  label,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: TaxonomyNameInput;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: TaxonomyNameInput) => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial?.name ?? '');
  const [nameEn, setNameEn] = useState(initial?.name_en ?? '');
  const [nameEs, setNameEs] = useState(initial?.name_es ?? '');
  return (
    <Form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ name, name_en: nameEn, name_es: nameEs });
      }}
    >
      <TextField label={t`Nome (português)`} required value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
      <TextField label={t`Nome em inglês (opcional)`} value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={60} />
      <TextField label={t`Nome em espanhol (opcional)`} value={nameEs} onChange={(e) => setNameEs(e.target.value)} maxLength={60} />
      <FormActions>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            <Trans>Cancelar</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
