import { Trans, useLingui } from '@lingui/react/macro';
import type { CampaignDonor } from '../../../contracts';
import type { Paged } from '../../lib/api/campaigns';
import { CampaignSubpage } from './CampaignSubpage';
import { DonorList } from './DonorList';
import { Pagination } from '../../app/navigation/Pagination';
import * as s from './campaigns.css';

/** /{slug}/doadores: every confirmed donation, newest first; anonymous ones as 'Anônimo', amount kept. */
export function CampaignDonorsPage({ slug, campaignTitle, donors }: { slug: string; campaignTitle: string; donors: Paged<CampaignDonor> }) {
  const { t } = useLingui();
  return (
    <CampaignSubpage slug={slug} campaignTitle={campaignTitle} title={t`Quem já doou`} lead={t`Cada doação conta, inclusive as anônimas.`}>
      {donors.items.length > 0 ? (
        <DonorList donors={donors.items} />
      ) : (
        <p className={s.meta}>
          <Trans>Nenhuma doação por aqui ainda.</Trans>
        </p>
      )}
      <Pagination page={donors.page} total={donors.total} amount={donors.amount} />
    </CampaignSubpage>
  );
}
