import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import '@fontsource-variable/inter';
import './ui/global.css';
import { activateLocale } from './app/i18n/catalogs';
import { I18nProvider } from './app/i18n/I18nProvider';
import { readStoredLocale, tellServerLocale } from './app/i18n/locale';
import { syncApiLocale } from './app/i18n/api-locale';
import { AuthProvider } from './app/auth/auth-context';
import { startAuthSession } from './lib/actors/auth';
import { installGlobalErrorHandler } from './app/report-error';
import { createAppRouter } from './router';
import { startInspector } from './lib/inspect';

// Development with VITE_INSPECT=true: the Stately inspector watches every machine (nothing in production).
await startInspector();
const locale = readStoredLocale();
syncApiLocale(locale);
tellServerLocale(locale);
// The user loads while the catalog does; guards wait for the auth machine to settle.
const session = startAuthSession();
await activateLocale(locale);
installGlobalErrorHandler();

const router = createAppRouter(session.actor);
// The page's data and code first, then one render: the first screen the server wrote into #root
// (server/http/first-screen-markup.ts) is replaced by the page itself, never by an empty shell.
await router.load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <AuthProvider actor={session.actor}>
        <RouterProvider router={router} />
      </AuthProvider>
    </I18nProvider>
  </StrictMode>,
);
