import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { donationAmountSchema, MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS, MONTHLY_PRESETS_REAIS, monthlyAmountSchema, SUGGESTED_AMOUNTS_REAIS } from '../../../contracts';
import { formatMoney } from '../../app';
import { reaisToCents } from '../../app/format';
import { RadioGroup, TextField } from '../../ui';
import type { GivingFrequency } from './frequency';
import * as s from './checkout.css';

interface Props {
  amount: number | null;
  onChange: (cents: number) => void;
  /** 'monthly': the monthly presets and range, every amount read "por mês". */
  frequency?: GivingFrequency;
}

/** Suggested amounts plus "Outro valor" (typed in reais); the machine keeps cents. */
export function AmountPicker({ amount, onChange, frequency = 'once' }: Props) {
  const { t, i18n } = useLingui();
  const monthly = frequency === 'monthly';
  const suggested = (monthly ? MONTHLY_PRESETS_REAIS : SUGGESTED_AMOUNTS_REAIS).map((r) => r * 100) as number[];
  const [other, setOther] = useState(() => amount !== null && !suggested.includes(amount));
  const [otherText, setOtherText] = useState(() => (amount !== null && !suggested.includes(amount) ? String(amount / 100).replace('.', ',') : ''));
  const problem = amount === null ? null : monthly ? monthlyProblem(amount) : onceProblem(amount);
  const choice = other ? 'other' : amount !== null && suggested.includes(amount) ? String(amount) : '';
  const label = (cents: number) => {
    const value = formatMoney(cents);
    return monthly ? t`${value}/mês` : value;
  };

  function onceProblem(cents: number): string | null {
    const issue = donationAmountSchema.safeParse(cents).error?.issues[0]?.message;
    return issue ? i18n._(issue) : null;
  }

  // The contract's "lower/higher than allowed" does not say the range; a monthly donor needs it.
  function monthlyProblem(cents: number): string | null {
    if (monthlyAmountSchema.safeParse(cents).success) return null;
    const min = formatMoney(MONTHLY_MIN_CENTS);
    const max = formatMoney(MONTHLY_MAX_CENTS);
    return t`A doação mensal precisa ficar entre ${min} e ${max}.`;
  }

  return (
    <div className={s.amounts}>
      <RadioGroup
        legend={monthly ? t`Valor mensal da doação` : t`Valor da doação`}
        name="amount-choice"
        value={choice}
        options={[...suggested.map((cents) => ({ value: String(cents), label: label(cents) })), { value: 'other', label: t`Outro valor` }]}
        error={!other && problem ? problem : undefined}
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
          label={monthly ? t`Outro valor por mês (R$)` : t`Outro valor (R$)`}
          inputMode="decimal"
          value={otherText}
          error={problem ?? undefined}
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
