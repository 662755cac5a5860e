import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { donationAmountSchema, SUGGESTED_AMOUNTS_REAIS } from '../../../contracts';
import { formatMoney } from '../../app';
import { RadioGroup, TextField } from '../../ui';
import { reaisToCents } from './form-errors';
import * as s from './checkout.css';

/** Suggested amounts plus "Outro valor" (typed in reais); the machine keeps cents. */
export function AmountPicker({ amount, onChange }: { amount: number | null; onChange: (cents: number) => void }) {
  const { t, i18n } = useLingui();
  const suggested = SUGGESTED_AMOUNTS_REAIS.map((r) => r * 100) as number[];
  const [other, setOther] = useState(() => amount !== null && !suggested.includes(amount));
  const [otherText, setOtherText] = useState(() => (amount !== null && !suggested.includes(amount) ? String(amount / 100).replace('.', ',') : ''));
  const problem = amount === null ? null : donationAmountSchema.safeParse(amount).error?.issues[0]?.message;
  const choice = other ? 'other' : amount !== null && suggested.includes(amount) ? String(amount) : '';

  return (
    <div className={s.amounts}>
      <RadioGroup
        legend={t`Valor da doação`}
        name="amount-choice"
        value={choice}
        options={[...suggested.map((cents) => ({ value: String(cents), label: formatMoney(cents) })), { value: 'other', label: t`Outro valor` }]}
        error={!other && problem ? i18n._(problem) : undefined}
        onChange={(event) => {
          const value = event.target.value;
          if (value === 'other') {
            setOther(true);
            const cents = reaisToCents(otherText);
            if (cents !== null) onChange(cents);
            return;
          }
          setOther(false);
          onChange(Number(value));
        }}
      />
      {other ? (
        <TextField
          className={s.amountChoice}
          label={t`Outro valor (R$)`}
          inputMode="decimal"
          value={otherText}
          error={problem ? i18n._(problem) : undefined}
          onChange={(event) => {
            setOtherText(event.target.value);
            const cents = reaisToCents(event.target.value);
            onChange(cents ?? 0);
          }}
        />
      ) : null}
    </div>
  );
}
