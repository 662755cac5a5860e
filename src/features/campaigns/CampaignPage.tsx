import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { COVER_SIZES, coverSrcSet, type CampaignDetail } from '../../../contracts/campaigns';
import { formatDate, formatMoney, formatNumber, usePageTitle } from '../../app';
import { CampaignProgress, Card, chipClass, Container, useInView } from '../../ui';
import { DEFAULT_AMOUNT, DonateBox } from './DonateBox';
import { DonorList } from './DonorList';
import { MessageList } from './MessageList';
import { MobileDonateBar } from './MobileDonateBar';
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
  // The chosen amount belongs to the page: the donate box sets it, the phone's bottom bar gives it too.
  const [amount, setAmount] = useState<number>(DEFAULT_AMOUNT);
  const donateBox = useRef<HTMLDivElement>(null);
  // Until the observer has answered, the box may well be on screen: the bar waits rather than flashing.
  const boxOffScreen = useInView(donateBox) === false;
  // Raster covers come in phone to desktop widths; an SVG cover is one small file at any size.
  const coverSet = coverSrcSet(campaign.slug, campaign.cover_url);
  return (
    <Container>
      <article className={s.layout} aria-labelledby="campaign-title">
        <header className={[s.header, s.areaHeader].join(' ')}>
          {campaign.cover_url ? (
            <img
              className={s.cover}
              src={campaign.cover_url}
              srcSet={coverSet ?? undefined}
              sizes={coverSet ? COVER_SIZES : undefined}
              alt=""
              width={1280}
              height={720}
              fetchPriority="high"
            />
          ) : null}
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
            {campaign.last_day ? (
              <>
                {' · '}
                <Trans>até {formatDate(campaign.last_day)}</Trans>
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
              <DonateBox ref={donateBox} campaign={campaign} amount={amount} onAmountChange={setAmount} />
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
        {campaign.accepting_donations ? <MobileDonateBar campaign={campaign} amount={amount} hidden={!boxOffScreen} /> : null}
      </article>
    </Container>
  );
}

/** A titled section of the campaign page's latest items, with a link to the full list or an empty state. */
function LatestSection({
  id,
  title,
  more,
  empty,
  children,
}: {
  id: string;
  title: ReactNode;
  more: ReactNode;
  empty: ReactNode;
  children: ReactNode;
}) {
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
