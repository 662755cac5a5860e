import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { activateLocale } from '../../../src/app/i18n/catalogs';
import { I18nProvider } from '../../../src/app/i18n/I18nProvider';
import type { Locale } from '../../../contracts';

/** Renders inside the app's translations (pt unless told). */
export async function renderWithI18n(ui: ReactNode, locale: Locale = 'pt') {
  await activateLocale(locale);
  return render(<I18nProvider>{ui}</I18nProvider>);
}

/**
 * Renders `ui` at `path` inside a memory router with /signin and /signup stubs, for views that
 * link or navigate. Returns the router to inspect where it went.
 */
export async function renderInRouter(ui: ReactNode, path = '/campanha') {
  await activateLocale('pt');
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => <>{ui}</> });
  const signin = createRoute({ getParentRoute: () => root, path: 'signin', component: () => <h1>Página de entrada</h1> });
  const signup = createRoute({ getParentRoute: () => root, path: 'signup', component: () => <h1>Página de cadastro</h1> });
  const router = createRouter({
    routeTree: root.addChildren([signin, signup, page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const result = render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { ...result, router };
}
