import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { Container } from '../../ui';
import * as s from './pages.css';

const TABS: ReadonlyArray<{
  to: '/profile' | '/profile/contributions' | '/profile/wallet' | '/profile/cards' | '/profile/notifications' | '/profile/security';
  label: MessageDescriptor;
}> = [
  { to: '/profile', label: msg`Perfil` },
  { to: '/profile/contributions', label: msg`Contribuições` },
  { to: '/profile/wallet', label: msg`Carteira` },
  { to: '/profile/cards', label: msg`Cartões` },
  { to: '/profile/notifications', label: msg`Notificações` },
  { to: '/profile/security', label: msg({ id: 'profile.tabs.security', message: 'Segurança' }) },
];

/** Tabs over every /profile page; the page itself renders in the outlet. */
export function ProfileLayout() {
  const { t, i18n } = useLingui();
  return (
    <>
      <Container>
        <nav aria-label={t`Sua conta`}>
          <ul className={s.tabs}>
            {TABS.map((tab) => (
              <li key={tab.to}>
                <Link to={tab.to} className={s.tab} activeOptions={{ exact: tab.to === '/profile' }}>
                  {i18n._(tab.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Outlet />
    </>
  );
}
