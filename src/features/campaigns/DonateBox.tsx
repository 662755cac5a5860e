import { useId, type Ref } from 'react';
import { centsOf } from '../../lib/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SUGGESTED_AMOUNTS_REAIS, type CampaignDetail } from '../../../contracts';
import { formatMoney } from '../../app';
import { buttonClass, Notice } from '../../ui';
import * as s from './campaigns.css';

/** The amount the donate box starts with (reais): the page holds the choice, the box and the phone bar read it. */
export const DEFAULT_AMOUNT: number = SUGGESTED_AMOUNTS_REAIS[1];

/**
 * Suggested amounts and "Doar agora" → /{slug}/donate?amount=… (reais). A campaign that does not take
 * donations (paused, closed, or outside its dates) shows why instead, and no button.
 */
export function DonateBox({
  campaign,
  amount,
  onAmountChange,
  ref,
}: {
  campaign: CampaignDetail;
  amount: number;
  onAmountChange: (amount: number) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useLingui();
  const name = useId();
  if (!campaign.accepting_donations) {
    return (
      <Notice tone="warning">
        {campaign.status === 'ended'
          ? t`Esta campanha foi encerrada e não recebe mais doações. Obrigado a todos que doaram!`
          : campaign.status === 'paused'
            ? t`Esta campanha está pausada e não recebe doações no momento.`
            : t`Esta campanha não está recebendo doações no momento.`}
      </Notice>
    );
  }
  return (
    <div className={s.amounts} ref={ref}>
      <fieldset className={s.amounts}>
        <legend className={s.amountLegend}>
          <Trans>Escolha um valor</Trans>
        </legend>
        <div className={s.amountChoices}>
          {SUGGESTED_AMOUNTS_REAIS.map((value) => (
            <label key={value} className={s.amountChoice}>
              <input
                className={s.amountInput}
                type="radio"
                name={name}
                value={value}
                checked={amount === value}
                onChange={() => onAmountChange(value)}
              />
              {formatMoney(centsOf(value))}
            </label>
          ))}
        </div>
      </fieldset>
      <Link
        to="/$slug/donate"
        params={{ slug: campaign.slug }}
        search={{ amount }}
        className={buttonClass({ variant: 'accent', size: 'lg', fullWidth: true })}
      >
        <Trans>Doar agora</Trans>
      </Link>
      <Link to="/$slug/donate" params={{ slug: campaign.slug }} className={s.muted}>
        <Trans>Quero doar outro valor</Trans>
      </Link>
    </div>
  );
}
