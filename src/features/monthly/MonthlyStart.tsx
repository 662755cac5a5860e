import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { MONTHLY_PRESETS_REAIS } from '../../../contracts';
import { formatMoney } from '../../app';
import { AmountPicker } from '../../app/giving/AmountPicker';
import { Button, buttonClass, Stack } from '../../ui';
import { centsOf } from '../../lib/money';
import { isMonthlyAmount, reaisOfCents } from './amount';
import * as s from './monthly.css';

/** The amount (the checkouts' own picker, in its monthly form), then on to the checkout with it in the URL. */
export function MonthlyStart() {
  const [amount, setAmount] = useState<number | null>(centsOf(MONTHLY_PRESETS_REAIS[1]));
  return (
    <Stack gap="4">
      <AmountPicker amount={amount} frequency="monthly" onChange={setAmount} />
      <div className={s.actions}>
        {isMonthlyAmount(amount) ? (
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
