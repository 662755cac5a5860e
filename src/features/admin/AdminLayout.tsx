import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { adminPathsFor, useAuth } from '../../app';
import { Container, Notice } from '../../ui';
import { useEnrolmentRequired } from './second-factor-banner-provider';
import { ADMIN_PAGES } from './admin-pages';
import * as s from './admin.css';

/** The admin area: a menu of the pages this admin may open (none: no menu), and the page. */
export function AdminLayout() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const paths = adminPathsFor(user).filter((p) => ADMIN_PAGES[p].inMenu);
  const mustEnrol = useEnrolmentRequired(user);
  return (
    <Container className={s.layout}>
      {paths.length > 0 ? (
        <nav aria-label={t`Administração`}>
          <p className={s.sideTitle}>
            <Trans>Administração</Trans>
          </p>
          <ul className={s.sideList}>
            {paths.map((path) => (
              <li key={path}>
                <Link to={path} className={s.sideLink}>
                  {i18n._(ADMIN_PAGES[path].title)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div>
        {mustEnrol ? (
          <Notice tone="warning" className={s.enrolBanner}>
            <Trans id="admin.secondFactor.banner">
              Sua conta pode mexer com dinheiro: ative um segundo fator antes de agir na administração.
            </Trans>{' '}
            <Link to="/profile/security">
              <Trans id="admin.secondFactor.bannerLink">Ir para Segurança</Trans>
            </Link>
          </Notice>
        ) : null}
        <Outlet />
      </div>
    </Container>
  );
}
