import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SUGGESTED_AMOUNTS_REAIS, type CampaignDetail } from '../../../contracts';
import { formatDate, formatMoney, formatNumber, usePageTitle } from '../../app';
import { buttonClass, CampaignProgress, Card, chipClass, Container } from '../../ui';
import { DonateBox } from './DonateBox';
import { DonorList } from './DonorList';
import { MessageList } from './MessageList';
import { ShareButtons } from './ShareButtons';
import { absoluteUrl } from './share-links';
import { StoryHtml } from './StoryHtml';
import * as s from './campaigns.css';

/** /{slug}: cover, title, organiser, story, progress, donate box, share buttons, latest messages and donors. */
export function CampaignPage({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useLingui();
  usePageTitle(campaign.title);
  const url = absoluteUrl(`/${campaign.slug}`);
  const title = campaign.title;
  return (
    <Container>
      <article className={s.layout} aria-labelledby="campaign-title">
        <header className={[s.header, s.areaHeader].join(' ')}>
          {campaign.cover_url ? <img className={s.cover} src={campaign.cover_url} alt="" width={1280} height={720} /> : null}
          {campaign.category ? (
            <div>
              <Link to="/search" search={{ category: campaign.category.slug }} className={chipClass}>
                {campaign.category.name}
              </Link>
            </div>
          ) : null}
          <h1 id="campaign-title" className={s.title}>
            {campaign.title}
          </h1>
          <p className={s.meta}>
            <Trans>Organizado por {campaign.organiser_name}</Trans>
            {campaign.ends_at ? (
              <>
                {' · '}
                <Trans>até {formatDate(campaign.ends_at)}</Trans>
              </>
            ) : null}
          </p>
          <p className={s.lead}>{campaign.summary}</p>
        </header>
        <aside className={s.aside} aria-label={t`Doar para esta campanha`}>
          <Card>
            <div className={s.amounts}>
              <CampaignProgress
                raised={campaign.raised}
                goal={campaign.goal}
                donorCount={campaign.donor_count}
                formatMoney={formatMoney}
                formatNumber={formatNumber}
                size="lg"
              />
              <DonateBox campaign={campaign} />
            </div>
          </Card>
          <Card>
            <h2 className={s.amountLegend}>
              <Trans>Compartilhe</Trans>
            </h2>
            <ShareButtons
              url={url}
              text={t`Apoie a campanha "${title}" na Semear:`}
              subject={t`Conheça a campanha "${title}"`}
              label={t`Compartilhar a campanha`}
            />
          </Card>
        </aside>
        <div className={s.areaBody}>

          <section aria-labelledby="campaign-story">
            <h2 id="campaign-story">
              <Trans>A história</Trans>
            </h2>
            <StoryHtml html={campaign.story_html} />
            {campaign.tags.length > 0 ? (
              <ul className={s.chips} aria-label={t`Tags`}>
                {campaign.tags.map((tag) => (
                  <li key={tag.slug}>
                    <Link to="/search" search={{ tag: tag.slug }} className={chipClass}>
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <LatestSection
            id="campaign-messages"
            title={<Trans>Mensagens de apoio</Trans>}
            more={
              campaign.message_count > 0 ? (
                <Link to="/$slug/messages" params={{ slug: campaign.slug }}>
                  <Trans>Ver todas as mensagens ({formatNumber(campaign.message_count)})</Trans>
                </Link>
              ) : null
            }
            empty={<Trans>Ainda não há mensagens. Doe e deixe a primeira!</Trans>}
          >
            {campaign.latest_messages.length > 0 ? <MessageList messages={campaign.latest_messages} /> : null}
          </LatestSection>

          <LatestSection
            id="campaign-donors"
            title={<Trans>Últimos doadores</Trans>}
            more={
              campaign.donation_count > 0 ? (
                <Link to="/$slug/doadores" params={{ slug: campaign.slug }}>
                  <Trans>Ver todos os doadores ({formatNumber(campaign.donation_count)})</Trans>
                </Link>
              ) : null
            }
            empty={<Trans>Ninguém doou ainda. Que tal ser a primeira pessoa?</Trans>}
          >
            {campaign.latest_donors.length > 0 ? <DonorList donors={campaign.latest_donors} /> : null}
          </LatestSection>
        </div>
        {campaign.accepting_donations ? (
          <div className={s.mobileDonateBar}>
            <Link to="/$slug/donate" params={{ slug: campaign.slug }} search={{ amount: SUGGESTED_AMOUNTS_REAIS[1] }} className={buttonClass({ variant: 'accent', size: 'lg' })}>
              <Trans>Doar para esta campanha</Trans>
            </Link>
          </div>
        ) : null}
      </article>
    </Container>
  );
}

/** A titled section of the campaign page's latest items, with a link to the full list or an empty state. */
function LatestSection({ id, title, more, empty, children }: { id: string; title: ReactNode; more: ReactNode; empty: ReactNode; children: ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <div className={s.sectionHead}>
        <h2 id={id}>{title}</h2>
        {more}
      </div>
      {children ?? <p className={s.meta}>{empty}</p>}
    </section>
  );
}
