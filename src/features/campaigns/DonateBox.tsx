import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SUGGESTED_AMOUNTS_REAIS, type CampaignDetail } from '../../../contracts';
import { formatMoney } from '../../app';
import { buttonClass, Notice } from '../../ui';
import * as s from './campaigns.css';

const DEFAULT_AMOUNT = SUGGESTED_AMOUNTS_REAIS[1];

/**
 * Suggested amounts and "Doar agora" → /{slug}/donate?amount=… (reais). A campaign that does not take
 * donations (paused, closed, or outside its dates) shows why instead, and no button.
 */
export function DonateBox({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState<number>(DEFAULT_AMOUNT);
  const name = useId();
  if (!campaign.accepting_donations) {
    return (
      <Notice tone="warning">
        {campaign.status === 'closed'
          ? t`Esta campanha foi encerrada e não recebe mais doações. Obrigado a todos que doaram!`
          : campaign.status === 'paused'
            ? t`Esta campanha está pausada e não recebe doações no momento.`
            : t`Esta campanha não está recebendo doações no momento.`}
      </Notice>
    );
  }
  return (
    <div className={s.amounts}>
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
                onChange={() => setAmount(value)}
              />
              {formatMoney(value * 100)}
            </label>
          ))}
        </div>
      </fieldset>
      <Link to="/$slug/donate" params={{ slug: campaign.slug }} search={{ amount }} className={buttonClass({ variant: 'accent', size: 'lg', fullWidth: true })}>
        <Trans>Doar agora</Trans>
      </Link>
      <Link to="/$slug/donate" params={{ slug: campaign.slug }} className={s.muted}>
        <Trans>Quero doar outro valor</Trans>
      </Link>
    </div>
  );
}
