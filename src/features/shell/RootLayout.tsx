import { useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import { AD_SCRIPT_META } from '../../../contracts/constants';
import { ConfirmProvider, Toasts, VisitorPromptProvider } from '../../app';
import { AnalyticsTracker } from './AnalyticsTracker';
import { FocusOnNavigate } from './FocusOnNavigate';
import { Footer } from './Footer';
import { Header, type SignedInTool } from './Header';
import { ProgressBar } from './ProgressBar';
import { SessionGuard } from './SessionGuard';
import { MAIN_ID, SkipLink } from './SkipLink';
import { ViewportPrefetcher } from './ViewportPrefetcher';
import * as s from './shell.css';

/**
 * Every page: skip link, progress bar, header, the route, footer; plus the app-wide dialogs,
 * toasts, analytics, link prefetch and the (async, non-blocking) ad script.
 */
export function RootLayout({ signedInTool }: { signedInTool?: SignedInTool }) {
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
          <Footer />
        </div>
        <Toasts />
        <AnalyticsTracker />
        <ViewportPrefetcher />
        <SessionGuard />
        <FocusOnNavigate />
      </VisitorPromptProvider>
    </ConfirmProvider>
  );
}
