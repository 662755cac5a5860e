import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  donationAmountSchema,
  MONTHLY_MAX_CENTS,
  MONTHLY_MIN_CENTS,
  MONTHLY_PRESETS_REAIS,
  monthlyAmountSchema,
  SUGGESTED_AMOUNTS_REAIS,
} from '../../../contracts';
import { centsToReaisText, formatMoney, reaisToCents } from '../format';
import { RadioGroup, TextField } from '../../ui';
import * as s from './amount-picker.css';
import { centsOf } from '../../lib/money';

interface Props {
  amount: number | null;
  onChange: (cents: number) => void;
  /** 'monthly': the monthly presets and range, every amount read "por mês". */
  frequency?: 'once' | 'monthly';
  /** The checkout's range: its minimum and maximum are the hint beside every amount typed or refused. */
  range?: { min: number; max: number };
  /** A refused request's message for the amount (already translated). */
  error?: string;
}

/**
 * The one amount picker of one-time and monthly giving (the checkouts, /doacao-mensal): suggested
 * amounts plus "Outro valor" (typed in reais); the caller keeps cents.
 */
export function AmountPicker({ amount, onChange, frequency = 'once', range, error }: Props) {
  const { t, i18n } = useLingui();
  const monthly = frequency === 'monthly';
  const suggested = (monthly ? MONTHLY_PRESETS_REAIS : SUGGESTED_AMOUNTS_REAIS).map(centsOf) as number[];
  const [other, setOther] = useState(() => amount !== null && !suggested.includes(amount));
  const [otherText, setOtherText] = useState(() => (amount !== null && !suggested.includes(amount) ? centsToReaisText(amount) : ''));
  const problem = amount === null ? null : monthly ? monthlyProblem(amount) : onceProblem(amount);
  const choice = other ? 'other' : amount !== null && suggested.includes(amount) ? String(amount) : '';
  const minimum = formatMoney(range?.min ?? (monthly ? MONTHLY_MIN_CENTS : DONATION_MIN_CENTS));
  const maximum = formatMoney(range?.max ?? (monthly ? MONTHLY_MAX_CENTS : DONATION_MAX_CENTS));
  // The contract's "Valor menor/maior que o permitido" stays as it is; the range is the hint beside it.
  const rangeHint = t`Mínimo: ${minimum} · máximo: ${maximum}`;
  const groupError = !other ? (problem ?? error) : problem ? undefined : error;
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
    return t`Escolha um valor entre ${min} e ${max} por mês.`;
  }

  return (
    <div className={s.amounts}>
      <RadioGroup
        legend={monthly ? t`Valor mensal da doação` : t`Valor da doação`}
        name="amount-choice"
        value={choice}
        options={[...suggested.map((cents) => ({ value: String(cents), label: label(cents) })), { value: 'other', label: t`Outro valor` }]}
        error={groupError}
        hint={!other && groupError ? rangeHint : undefined}
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
          hint={rangeHint}
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
