import { useLingui } from '@lingui/react/macro';
import type { CampaignDonor } from '../../../contracts';
import { formatDate, formatMoney } from '../../app';
import * as s from './campaigns.css';

/** Anonymous donors have no name in the API; the page says 'Anônimo' (their amount still counts). */
export function useDonorName(): (name: string | null) => string {
  const { t } = useLingui();
  return (name) => name ?? t`Anônimo`;
}

/** Donations newest first: who (or 'Anônimo'), how much, when (pt-BR). */
export function DonorList({ donors }: { donors: readonly CampaignDonor[] }) {
  const donorName = useDonorName();
  return (
    <ul className={s.list}>
      {donors.map((donor) => (
        <li key={donor.id} className={s.listItem}>
          <p className={s.listHead}>
            <span className={s.name}>{donorName(donor.donor_name)}</span>
            <span className={s.amount}>{formatMoney(donor.amount)}</span>
          </p>
          <time className={s.muted} dateTime={donor.created_at}>
            {formatDate(donor.created_at)}
          </time>
        </li>
      ))}
    </ul>
  );
}
