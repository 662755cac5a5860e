import { useLingui } from '@lingui/react/macro';
import { centsOf } from '../../lib/money';
import { Link } from '@tanstack/react-router';
import type { CampaignDetail } from '../../../contracts';
import { formatMoney } from '../../app';
import { buttonClass } from '../../ui';
import * as s from './campaigns.css';

/**
 * The phone's bottom bar: gives the amount chosen in the donate box. It steps aside while the box
 * itself is on screen (two buttons for the same thing, and less page covered); hidden, it is inert,
 * so it is neither focused nor read.
 */
export function MobileDonateBar({ campaign, amount, hidden }: { campaign: Pick<CampaignDetail, 'slug'>; amount: number; hidden: boolean }) {
  const { t } = useLingui();
  const money = formatMoney(centsOf(amount));
  return (
    <div className={s.mobileDonateBar} data-hidden={hidden ? '' : undefined} inert={hidden}>
      <Link
        to="/$slug/donate"
        params={{ slug: campaign.slug }}
        search={{ amount }}
        className={buttonClass({ variant: 'accent', size: 'lg' })}
      >
        {t`Doar ${money}`}
      </Link>
    </div>
  );
}
