import { Trans, useLingui } from '@lingui/react/macro';
import type { CampaignMessage } from '../../../contracts';
import type { Paged } from '../../lib/api/campaigns';
import { CampaignSubpage } from './CampaignSubpage';
import { MessageList } from './MessageList';
import { Pagination } from '../../app/navigation/Pagination';
import * as s from './campaigns.css';

/** /{slug}/messages: every message of support, newest first, a page at a time. */
export function CampaignMessagesPage({
  slug,
  campaignTitle,
  messages,
}: {
  slug: string;
  campaignTitle: string;
  messages: Paged<CampaignMessage>;
}) {
  const { t } = useLingui();
  return (
    <CampaignSubpage
      slug={slug}
      campaignTitle={campaignTitle}
      title={t`Mensagens de apoio`}
      lead={t`O que as pessoas escreveram ao doar para esta campanha.`}
    >
      {messages.items.length > 0 ? (
        <MessageList messages={messages.items} />
      ) : (
        <p className={s.meta}>
          <Trans>Nenhuma mensagem por aqui ainda.</Trans>
        </p>
      )}
      <Pagination page={messages.page} total={messages.total} amount={messages.amount} />
    </CampaignSubpage>
  );
}
