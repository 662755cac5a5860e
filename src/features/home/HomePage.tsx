import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CAUSES } from '../../app/causes';
import { usePageTitle } from '../../app';
import { buttonClass, Card, Container } from '../../ui';
import { HeroArt } from './HeroArt';
import * as s from './home.css';

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
          <li>
            <Card>
              <span className={s.stepNumber} aria-hidden="true">1</span>
              <h3>
                <Trans>Escolha uma causa</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Cada campanha conta quem organiza, quanto precisa e para quê.</Trans>
              </p>
            </Card>
          </li>
          <li>
            <Card>
              <span className={s.stepNumber} aria-hidden="true">2</span>
              <h3>
                <Trans>Doe do seu jeito</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Cartão, PIX, PayPal, gift card ou o saldo da sua carteira.</Trans>
              </p>
            </Card>
          </li>
          <li>
            <Card>
              <span className={s.stepNumber} aria-hidden="true">3</span>
              <h3>
                <Trans>Acompanhe o resultado</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Você recebe o recibo na hora e vê a campanha chegar mais perto da meta.</Trans>
              </p>
            </Card>
          </li>
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
          <li>
            <Card className={s.way}>
              <h3>
                <Trans>Uma vez</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Escolha a campanha e o valor. Leva um minuto.</Trans>
              </p>
              <Link to="/search" className={s.wayLink}>
                <Trans>Ver campanhas</Trans>
              </Link>
            </Card>
          </li>
          <li>
            <Card className={s.way}>
              <h3>
                <Trans>Todo mês</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Um valor fixo por mês, sem ocupar o limite do cartão.</Trans>
              </p>
              <Link to="/doacao-mensal" className={s.wayLink}>
                <Trans>Conhecer a doação mensal</Trans>
              </Link>
            </Card>
          </li>
          <li>
            <Card className={s.way}>
              <h3>
                <Trans>Por PIX</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>QR Code na tela, confirmação na hora.</Trans>
              </p>
              <Link to="/doacao-pix" className={s.wayLink}>
                <Trans>Doar por PIX</Trans>
              </Link>
            </Card>
          </li>
          <li>
            <Card className={s.way}>
              <h3>
                <Trans>De presente</Trans>
              </h3>
              <p className={s.muted}>
                <Trans>Um gift card para alguém escolher a causa. Vale 6 meses.</Trans>
              </p>
              <Link to="/gift-card" className={s.wayLink}>
                <Trans>Dar um gift card</Trans>
              </Link>
            </Card>
          </li>
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
