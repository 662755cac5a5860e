import { lazy, Suspense, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app';
import { buttonClass, Container } from '../../ui';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import * as s from './shell.css';

// Only signed-in users see it: it loads with the session, not with every visitor's first page.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
/** What other features add to the header for a signed-in user (the root route composes it, e.g. the live balance). */
export type SignedInTool = ComponentType<{ userId: string }>;

export function Header({ signedInTool: SignedInTool }: { signedInTool?: SignedInTool }) {
  const { t } = useLingui();
  const { status, user } = useAuth();
  return (
    <header className={s.header}>
      <Container className={s.headerInner}>
        <Link to="/" className={s.logo} aria-label={t`Semear — página inicial`}>
          <Logo />
          <span>Semear</span>
        </Link>
        <nav className={status === 'signedIn' ? s.navBesideAccount : s.nav} aria-label={t`Principal`}>
          <ul className={s.navList}>
            <li>
              <Link to="/search" className={s.navLink}>
                <Trans>Campanhas</Trans>
              </Link>
            </li>
            <li>
              <Link to="/doacao-mensal" className={s.navLink}>
                <Trans>Doação mensal</Trans>
              </Link>
            </li>
            <li>
              <Link to="/gift-card" className={s.navLink}>
                <Trans>Gift card</Trans>
              </Link>
            </li>
            <li>
              <Link to="/about" className={s.navLink}>
                <Trans>Sobre</Trans>
              </Link>
            </li>
            <li>
              <Link to="/help" className={s.navLink}>
                <Trans>Ajuda</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <div className={s.tools}>
          <LanguageSwitch />
          {status === 'signedIn' && user ? (
            <>
              {SignedInTool ? (
                <Suspense fallback={null}>
                  <SignedInTool userId={user.id} />
                </Suspense>
              ) : null}
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : status === 'signedOut' ? (
            <>
              <Link to="/signin" className={buttonClass({ variant: 'ghost', size: 'md' })}>
                <Trans>Entrar</Trans>
              </Link>
              <Link to="/signup" className={buttonClass({ variant: 'primary', size: 'md' })}>
                <Trans>Cadastrar</Trans>
              </Link>
            </>
          ) : null}
        </div>
      </Container>
    </header>
  );
}
