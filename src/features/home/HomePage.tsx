import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CampaignSummary, Category, PlatformTotals } from '../../../contracts';
import { homeHeroMessages } from '../../../contracts/first-screen';
import { formatMoney, formatNumber, usePageTitle } from '../../app';
import { buttonClass, CampaignCard, Card, cardGrid, Container } from '../../ui';
import { HeroArt } from './HeroArt';
import { PlatformTotalsBand } from './PlatformTotalsBand';
import * as s from './home.css';

/** What the home shows from the API; a part that failed to load is null and its section is left out. */
export interface HomeData {
  featured: CampaignSummary[] | null;
  recent: CampaignSummary[] | null;
  categories: Category[] | null;
  totals: PlatformTotals | null;
}

const STEPS: ReadonlyArray<{ title: MessageDescriptor; text: MessageDescriptor }> = [
  { title: msg`Escolha uma causa`, text: msg`Cada campanha conta quem organiza, quanto precisa e para quê.` },
  { title: msg`Doe do seu jeito`, text: msg`Cartão, PIX, PayPal, gift card ou o saldo da sua carteira.` },
  { title: msg`Acompanhe o resultado`, text: msg`Você recebe o recibo na hora e vê a campanha chegar mais perto da meta.` },
];

const WAYS: ReadonlyArray<{
  to: '/search' | '/doacao-mensal' | '/doacao-pix' | '/gift-card';
  title: MessageDescriptor;
  text: MessageDescriptor;
  link: MessageDescriptor;
}> = [
  { to: '/search', title: msg`Uma vez`, text: msg`Escolha a campanha e o valor. Leva um minuto.`, link: msg`Ver campanhas` },
  {
    to: '/doacao-mensal',
    title: msg`Todo mês`,
    text: msg`Um valor fixo por mês, sem ocupar o limite do cartão.`,
    link: msg`Conhecer a doação mensal`,
  },
  { to: '/doacao-pix', title: msg`Por PIX`, text: msg`QR Code na tela, confirmação na hora.`, link: msg`Doar por PIX` },
  {
    to: '/gift-card',
    title: msg`De presente`,
    text: msg`Um gift card para alguém escolher a causa. Vale 6 meses.`,
    link: msg`Dar um gift card`,
  },
];

function CampaignGrid({ campaigns }: { campaigns: readonly CampaignSummary[] }) {
  return (
    <ul className={cardGrid.three}>
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} formatMoney={formatMoney} formatNumber={formatNumber} />
        </li>
      ))}
    </ul>
  );
}

export function HomePage({ data }: { data: HomeData }) {
  const { t, i18n } = useLingui();
  usePageTitle();
  const { featured, recent, categories, totals } = data;
  // A featured campaign is not listed again among the recent ones.
  const featuredIds = new Set((featured ?? []).map((c) => c.id));
  const recentOnly = (recent ?? []).filter((c) => !featuredIds.has(c.id)).slice(0, 3);
  return (
    <Container>
      <section className={s.hero} aria-labelledby="home-title">
        <div>
          <h1 id="home-title" className={s.heroTitle}>
            {i18n._(homeHeroMessages.title)}
          </h1>
          <p className={s.heroLead}>{i18n._(homeHeroMessages.lead)}</p>
          <div className={s.heroActions}>
            <Link to="/search" className={buttonClass({ variant: 'accent', size: 'lg' })}>
              <Trans>Doar agora</Trans>
            </Link>
            <Link to="/doacao-mensal" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              <Trans>Doar todo mês</Trans>
            </Link>
          </div>
        </div>
        <HeroArt className={s.heroArt} />
      </section>

      {totals ? <PlatformTotalsBand totals={totals} /> : null}

      {featured && featured.length > 0 ? (
        <section className={s.section} aria-labelledby="home-featured">
          <div className={s.sectionHead}>
            <h2 id="home-featured">
              <Trans>Campanhas em destaque</Trans>
            </h2>
            <Link to="/search">
              <Trans>Ver todas as campanhas</Trans>
            </Link>
          </div>
          <CampaignGrid campaigns={featured} />
        </section>
      ) : null}

      <section className={s.section} aria-labelledby="home-how">
        <h2 id="home-how">
          <Trans>Como funciona</Trans>
        </h2>
        <ol className={cardGrid.three}>
          {STEPS.map((step, index) => (
            <li key={step.title.id}>
              <Card>
                <span className={s.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{i18n._(step.title)}</h3>
                <p className={s.muted}>{i18n._(step.text)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      {categories && categories.length > 0 ? (
        <section className={s.section} aria-labelledby="home-causes">
          <h2 id="home-causes">
            <Trans>Causas para apoiar</Trans>
          </h2>
          <p className={s.sectionLead}>
            <Trans>Encontre campanhas pela causa que mais mexe com você.</Trans>
          </p>
          <ul className={cardGrid.three}>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to="/search" search={{ category: category.slug }} className={s.causeCard}>
                  <span className={s.causeTitle}>{category.name}</span>
                  <span className={s.muted}>
                    <CampaignCount count={category.campaign_count} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {recentOnly.length > 0 ? (
        <section className={s.section} aria-labelledby="home-recent">
          <div className={s.sectionHead}>
            <h2 id="home-recent">
              <Trans>Campanhas recentes</Trans>
            </h2>
            <Link to="/search" search={{ sort: 'recent' }}>
              <Trans>Ver mais recentes</Trans>
            </Link>
          </div>
          <CampaignGrid campaigns={recentOnly} />
        </section>
      ) : null}

      <section className={s.section} aria-labelledby="home-ways">
        <h2 id="home-ways">
          <Trans>Jeitos de doar</Trans>
        </h2>
        <ul className={cardGrid.twoThenFour}>
          {WAYS.map((way) => (
            <li key={way.to}>
              <Card className={s.way}>
                <h3>{i18n._(way.title)}</h3>
                <p className={s.muted}>{i18n._(way.text)}</p>
                <Link to={way.to} className={s.wayLink}>
                  {i18n._(way.link)}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className={s.band} aria-label={t`Doação mensal`}>
        <h2 className={s.bandTitle}>
          <Trans>Quem doa todo mês mantém as campanhas de pé.</Trans>
        </h2>
        <Link to="/doacao-mensal" className={buttonClass({ variant: 'accent', size: 'lg' })}>
          <Trans>Quero doar todo mês</Trans>
        </Link>
      </section>
    </Container>
  );
}

/** How many campaigns a cause has, through the language's plural forms. */
function CampaignCount({ count }: { count: number }) {
  const shown = formatNumber(count);
  return <Plural value={count} _0="Nenhuma campanha ainda" one={`${shown} campanha`} other={`${shown} campanhas`} />;
}
