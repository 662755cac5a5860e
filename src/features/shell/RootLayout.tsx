import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useRouter } from '@tanstack/react-router';
import { AD_SCRIPT_META } from '../../../contracts/constants';
import { useLocale } from '../../app/i18n/I18nProvider';
import { ConfirmProvider, Toasts, VisitorPromptProvider } from '../../app';
import { FocusOnNavigate } from './FocusOnNavigate';
import { Header, type SignedInTool } from './Header';
import { ProgressBar } from './ProgressBar';
import { SessionGuard } from './SessionGuard';
import { MAIN_ID, SkipLink } from './SkipLink';
import * as s from './shell.css';

const BackgroundWork = lazy(() => import('./BackgroundWork'));
// Below every first screen (the main area is at least a screen tall): it comes after the page, not with it.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

/**
 * Every page: skip link, progress bar, header, the route, footer; plus the app-wide dialogs,
 * toasts, analytics, link prefetch and the (async, non-blocking) ad script.
 */
export function RootLayout({ signedInTool }: { signedInTool?: SignedInTool }) {
  // After a language switch the page's data loads again: category and tag names come translated.
  const { locale } = useLocale();
  const router = useRouter();
  const shownIn = useRef(locale);
  useEffect(() => {
    if (shownIn.current === locale) return;
    shownIn.current = locale;
    void router.invalidate();
  }, [locale, router]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    idle(() => {
      if (document.querySelector(`meta[name="${AD_SCRIPT_META}"]`)) void import('./ad-script').then((m) => m.loadAdScript());
    });
  }, []);
  return (
    <ConfirmProvider>
      <VisitorPromptProvider>
        <div className={s.page}>
          <SkipLink />
          <ProgressBar />
          <Header signedInTool={signedInTool} />
          <main id={MAIN_ID} className={s.main} tabIndex={-1}>
            <Outlet />
          </main>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </div>
        <Toasts />
        <Suspense fallback={null}>
          <BackgroundWork />
        </Suspense>
        <SessionGuard />
        <FocusOnNavigate />
      </VisitorPromptProvider>
    </ConfirmProvider>
  );
}
