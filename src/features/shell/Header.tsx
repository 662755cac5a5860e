import { lazy, Suspense, useRef, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app';
import { buttonClass, Container, useInView } from '../../ui';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { SiteMenuButton, useSiteMenu } from './SiteMenu';
import * as s from './shell.css';

// Only signed-in users see it: it loads with the session, not with every visitor's first page.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
/** What other features add to the header for a signed-in user (the root route composes it, e.g. the live balance). */
/** The top of the viewport shrunk by this much: the header space leaves it after 64 - 40 = 24 px of scroll. */
const COMPACT_AFTER = '-40px 0px 0px 0px';

export type SignedInTool = ComponentType<{ userId: string }>;

/**
 * Logo, the main links, the language, and the visitor's or the account's tools. On phones the links
 * and the language fold into a menu, and the header (fixed over a reserved space, so nothing under
 * it moves) gets shorter once the page scrolls.
 */
export function Header({ signedInTool: SignedInTool }: { signedInTool?: SignedInTool }) {
  const { t } = useLingui();
  const { status, user } = useAuth();
  const space = useRef<HTMLDivElement>(null);
  // The reserved space (64 px on phones) is the sentinel: compact once 24 px of page have scrolled by.
  const compact = useInView(space, COMPACT_AFTER) === false;
  const menu = useSiteMenu();
  return (
    <>
      <div ref={space} className={s.headerSpace} aria-hidden="true" />
      <header className={s.header} data-compact={compact ? '' : undefined}>
        <Container className={status === 'signedIn' ? `${s.headerInner} ${s.signedInRow}` : s.headerInner}>
          <Link to="/" className={s.logo} aria-label={t`Semear — página inicial`}>
            <Logo />
            <span className={s.logoText}>Semear</span>
          </Link>
          <div id={menu.panelId} ref={menu.panelRef} className={s.menuPanel} data-open={menu.open ? '' : undefined}>
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
            <LanguageSwitch />
          </div>
          <div className={s.tools}>
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
                <Link to="/signin" className={`${buttonClass({ variant: 'ghost', size: 'md' })} ${s.visitorButton}`}>
                  <Trans>Entrar</Trans>
                </Link>
                <Link to="/signup" className={`${buttonClass({ variant: 'primary', size: 'md' })} ${s.visitorButton}`}>
                  <Trans>Cadastrar</Trans>
                </Link>
              </>
            ) : null}
            <SiteMenuButton menu={menu} />
          </div>
        </Container>
      </header>
    </>
  );
}
