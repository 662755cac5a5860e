import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS, MONTHLY_PRESETS_REAIS } from '../../../contracts';
import { formatMoney } from '../../app';
import { Button, buttonClass, Stack, TextField } from '../../ui';
import { reaisToCents } from '../../app/format';
import { centsOf } from '../../lib/money';
import { isMonthlyAmount, reaisOfCents } from './amount';
import * as s from './monthly.css';

/** Presets or "Outro valor" (typed in reais), then on to the checkout with the amount in the URL. */
export function MonthlyAmountPicker() {
  const { t } = useLingui();
  const [preset, setPreset] = useState<number | null>(centsOf(MONTHLY_PRESETS_REAIS[1]));
  const [customText, setCustomText] = useState('');
  const custom = preset === null;
  const amount = custom ? reaisToCents(customText) : preset;
  const valid = isMonthlyAmount(amount);
  const min = formatMoney(MONTHLY_MIN_CENTS);
  const max = formatMoney(MONTHLY_MAX_CENTS);
  const problem = custom && customText.trim() !== '' && !valid ? t`Escolha um valor entre ${min} e ${max} por mês.` : undefined;

  return (
    <Stack gap="4">
      <fieldset className={s.presets}>
        <legend className={s.legend}>
          <Trans>Quanto você quer doar por mês?</Trans>
        </legend>
        {MONTHLY_PRESETS_REAIS.map((reais) => (
          <button
            key={reais}
            type="button"
            className={s.preset}
            aria-pressed={preset === centsOf(reais)}
            onClick={() => setPreset(centsOf(reais))}
          >
            {formatMoney(centsOf(reais))}
          </button>
        ))}
        <button type="button" className={s.preset} aria-pressed={custom} onClick={() => setPreset(null)}>
          <Trans>Outro valor</Trans>
        </button>
      </fieldset>
      {custom ? (
        <TextField
          className={s.customAmount}
          label={t`Valor por mês (R$)`}
          hint={t`De ${min} a ${max}.`}
          inputMode="decimal"
          autoFocus
          value={customText}
          error={problem}
          onChange={(event) => setCustomText(event.target.value)}
        />
      ) : null}
      <div className={s.actions}>
        {valid ? (
          <Link
            to="/doacao-mensal/checkout"
            search={{ amount: reaisOfCents(amount) }}
            className={buttonClass({ variant: 'accent', size: 'lg' })}
          >
            <Trans>Doar {formatMoney(amount)} por mês</Trans>
          </Link>
        ) : (
          <Button variant="accent" size="lg" disabled>
            <Trans>Doar por mês</Trans>
          </Button>
        )}
      </div>
    </Stack>
  );
}
