import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CAUSES } from '../../app/causes';
import { usePageTitle } from '../../app';
import { buttonClass, Card, Container } from '../../ui';
import { HeroArt } from './HeroArt';
import * as s from './home.css';

const STEPS: ReadonlyArray<{ title: MessageDescriptor; text: MessageDescriptor }> = [
  { title: msg`Escolha uma causa`, text: msg`Cada campanha conta quem organiza, quanto precisa e para quê.` },
  { title: msg`Doe do seu jeito`, text: msg`Cartão, PIX, PayPal, gift card ou o saldo da sua carteira.` },
  { title: msg`Acompanhe o resultado`, text: msg`Você recebe o recibo na hora e vê a campanha chegar mais perto da meta.` },
];

const WAYS: ReadonlyArray<{ to: '/search' | '/doacao-mensal' | '/doacao-pix' | '/gift-card'; title: MessageDescriptor; text: MessageDescriptor; link: MessageDescriptor }> = [
  { to: '/search', title: msg`Uma vez`, text: msg`Escolha a campanha e o valor. Leva um minuto.`, link: msg`Ver campanhas` },
  { to: '/doacao-mensal', title: msg`Todo mês`, text: msg`Um valor fixo por mês, sem ocupar o limite do cartão.`, link: msg`Conhecer a doação mensal` },
  { to: '/doacao-pix', title: msg`Por PIX`, text: msg`QR Code na tela, confirmação na hora.`, link: msg`Doar por PIX` },
  { to: '/gift-card', title: msg`De presente`, text: msg`Um gift card para alguém escolher a causa. Vale 6 meses.`, link: msg`Dar um gift card` },
];

export function HomePage() {
  const { t, i18n } = useLingui();
  usePageTitle();
  return (
    <Container>
      <section className={s.hero} aria-labelledby="home-title">
        <div>
          <h1 id="home-title" className={s.heroTitle}>
            <Trans>Doe em um minuto. Veja o que a sua doação fez.</Trans>
          </h1>
          <p className={s.heroLead}>
            <Trans>
              A Semear liga você a campanhas de todo o Brasil: cozinhas comunitárias, escolas, abrigos e famílias que precisam de ajuda agora.
              Doe uma vez, todo mês ou dê um gift card de presente.
            </Trans>
          </p>
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

      <section className={s.section} aria-labelledby="home-how">
        <h2 id="home-how">
          <Trans>Como funciona</Trans>
        </h2>
        <ol className={s.grid3}>
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

      <section className={s.section} aria-labelledby="home-causes">
        <h2 id="home-causes">
          <Trans>Causas para apoiar</Trans>
        </h2>
        <p className={s.sectionLead}>
          <Trans>Encontre campanhas pela causa que mais mexe com você.</Trans>
        </p>
        <ul className={s.grid3}>
          {CAUSES.map((cause) => (
            <li key={cause.slug}>
              <Link to="/search" search={{ category: cause.slug }} className={s.causeCard}>
                <span className={s.causeTitle}>{i18n._(cause.name)}</span>
                <span className={s.muted}>{i18n._(cause.description)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={s.section} aria-labelledby="home-ways">
        <h2 id="home-ways">
          <Trans>Jeitos de doar</Trans>
        </h2>
        <ul className={s.grid4}>
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
