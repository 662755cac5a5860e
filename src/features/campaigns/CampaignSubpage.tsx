import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../app';
import { chipClass, Container, PageHeader } from '../../ui';
import * as s from './campaigns.css';

/** The frame of /{slug}/messages and /{slug}/doadores: campaign name, title and the campaign's sections. */
export function CampaignSubpage({
  slug,
  campaignTitle,
  title,
  lead,
  children,
}: {
  slug: string;
  campaignTitle: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(`${title} · ${campaignTitle}`);
  return (
    <Container>
      <PageHeader
        eyebrow={
          <Link to="/$slug" params={{ slug }}>
            {campaignTitle}
          </Link>
        }
        title={title}
        lead={lead}
      />
      <nav aria-label={t`Seções da campanha`}>
        <ul className={s.tabs}>
          <li>
            <Link to="/$slug" params={{ slug }} className={chipClass} activeOptions={{ exact: true }}>
              <Trans>Campanha</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$slug/messages" params={{ slug }} className={chipClass} activeProps={{ 'aria-current': 'page' }}>
              <Trans>Mensagens</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$slug/doadores" params={{ slug }} className={chipClass} activeProps={{ 'aria-current': 'page' }}>
              <Trans>Doadores</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      {children}
    </Container>
  );
}
