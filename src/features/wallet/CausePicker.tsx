import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Cause } from '../../../machines/wallet/wallet-page.machine';
import { Button, Select } from '../../ui';
import * as s from './wallet.css';

const LET_SEMEAR_CHOOSE = '';

/**
 * Where unused credit goes: a campaign that takes donations, or "let Semear choose" (null). Saved
 * with a button, so moving through the list with the keyboard never saves by accident.
 */
export function CausePicker({
  causes,
  chosen,
  saving,
  onSave,
}: {
  causes: Cause[];
  chosen: Cause | null;
  saving: boolean;
  onSave: (slug: string | null) => void;
}) {
  const { t } = useLingui();
  const current = chosen?.slug ?? LET_SEMEAR_CHOOSE;
  const [value, setValue] = useState(current);
  // A chosen campaign that stopped taking donations is still shown as the current choice.
  const listed = chosen && !causes.some((c) => c.slug === chosen.slug) ? [chosen, ...causes] : causes;
  const options = [
    { value: LET_SEMEAR_CHOOSE, label: t`Deixar o Semear escolher` },
    ...listed.map((c) => ({ value: c.slug, label: c.title })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value === LET_SEMEAR_CHOOSE ? null : value);
  };

  return (
    <form className={s.causeForm} onSubmit={submit}>
      <Select
        className={s.causeSelect}
        label={t`Causa da doação automática`}
        hint={t`Sem uma escolha, vai para a causa que você mais apoiou nos últimos 12 meses ou para o fundo geral.`}
        options={options}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="secondary" loading={saving} disabled={value === current}>
        <Trans>Salvar causa</Trans>
      </Button>
    </form>
  );
}
