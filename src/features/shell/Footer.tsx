import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Container } from '../../ui';
import * as s from './shell.css';

export function Footer() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className={s.footer}>
      <Container>
        <div className={s.footerGrid}>
          <div>
            <p className={s.footerTitle}>Semear</p>
            <p>
              <Trans>Doar leva um minuto. Aqui você acompanha o que a sua doação fez.</Trans>
            </p>
          </div>
          <nav aria-label={t`Doe`}>
            <p className={s.footerTitle}>
              <Trans>Doe</Trans>
            </p>
            <ul className={s.footerList}>
              <li>
                <Link to="/search" className={s.footerLink}>
                  <Trans>Campanhas</Trans>
                </Link>
              </li>
              <li>
                <Link to="/doacao-mensal" className={s.footerLink}>
                  <Trans>Doação mensal</Trans>
                </Link>
              </li>
              <li>
                <Link to="/doacao-pix" className={s.footerLink}>
                  <Trans>Doação por PIX</Trans>
                </Link>
              </li>
              <li>
                <Link to="/gift-card" className={s.footerLink}>
                  <Trans>Gift card</Trans>
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t`Institucional`}>
            <p className={s.footerTitle}>
              <Trans>Institucional</Trans>
            </p>
            <ul className={s.footerList}>
              <li>
                <Link to="/about" className={s.footerLink}>
                  <Trans>Sobre a Semear</Trans>
                </Link>
              </li>
              <li>
                <Link to="/help" className={s.footerLink}>
                  <Trans>Ajuda</Trans>
                </Link>
              </li>
              <li>
                <Link to="/termos" className={s.footerLink}>
                  <Trans>Termos de uso</Trans>
                </Link>
              </li>
              <li>
                <Link to="/privacidade" className={s.footerLink}>
                  <Trans>Política de privacidade</Trans>
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className={s.footerSmall}>
          <Trans>© {year} Semear. Valores em reais, horário de Brasília.</Trans>
        </p>
      </Container>
    </footer>
  );
}
