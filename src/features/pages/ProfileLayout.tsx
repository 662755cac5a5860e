import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { Container } from '../../ui';
import * as s from './pages.css';

/** Tabs over every /profile page; the page itself renders in the outlet. */
export function ProfileLayout() {
  const { t } = useLingui();
  return (
    <>
      <Container>
        <nav aria-label={t`Sua conta`}>
          <ul className={s.tabs}>
            <li>
              <Link to="/profile" className={s.tab} activeOptions={{ exact: true }}>
                <Trans>Perfil</Trans>
              </Link>
            </li>
            <li>
              <Link to="/profile/contributions" className={s.tab}>
                <Trans>Contribuições</Trans>
              </Link>
            </li>
            <li>
              <Link to="/profile/wallet" className={s.tab}>
                <Trans>Carteira</Trans>
              </Link>
            </li>
            <li>
              <Link to="/profile/cards" className={s.tab}>
                <Trans>Cartões</Trans>
              </Link>
            </li>
            <li>
              <Link to="/profile/notifications" className={s.tab}>
                <Trans>Notificações</Trans>
              </Link>
            </li>
          </ul>
        </nav>
      </Container>
      <Outlet />
    </>
  );
}
