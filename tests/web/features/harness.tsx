import { render } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { I18nProvider } from '../../../src/app/i18n/I18nProvider';
import { activateLocale } from '../../../src/app/i18n/catalogs';
import { AuthProvider } from '../../../src/app/auth/auth-context';
import { ConfirmProvider } from '../../../src/app/dialogs/confirm';
import { authMachine } from '../../../machines/auth/auth.machine';
import type { Locale, User } from '../../../contracts';

export { makeUser } from '../../support/users';

/** The real auth machine with fake side effects (spies), started signed in or signed out. */
export function makeAuthActor(user: User | null = null) {
  const spies = {
    revokeSession: vi.fn(),
    persistSession: vi.fn(),
    clearSession: vi.fn(),
    broadcastSignedIn: vi.fn(),
    broadcastSignedOut: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      loadCurrentUser: fromPromise(async () => {
        if (user) return user;
        throw new Error('no session');
      }),
      // Sign-out ends the session here (cookies, DELETE /sessions): a spy stands in.
      revokeSession: fromPromise(async () => {
        spies.revokeSession();
      }),
    },
    actions: {
      persistSession: (_, params) => spies.persistSession(params),
      clearSession: () => spies.clearSession(),
      broadcastSignedIn: (_, params) => spies.broadcastSignedIn(params),
      broadcastSignedOut: () => spies.broadcastSignedOut(),
    },
  });
  const actor = createActor(machine, { input: { user } }).start();
  return { actor, spies };
}

/** Shows where the router ended up, for pages we do not render. */
function Elsewhere() {
  const href = useRouterState({ select: (s) => s.location.href });
  return <p data-testid="location">{href}</p>;
}

/**
 * Renders `Page` at `path` (with its query string) inside the app's i18n and auth providers and a
 * memory router; other paths render their href so navigations can be asserted.
 */
export async function renderPage(
  Page: () => ReactNode,
  { path, url = path, user = null, locale = 'pt' }: { path: string; url?: string; user?: User | null; locale?: Locale },
) {
  await activateLocale(locale);
  const { actor, spies } = makeAuthActor(user);
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path, component: Page });
  const others = createRoute({ getParentRoute: () => root, path: '$', component: Elsewhere });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: Elsewhere });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: root.addChildren([home, page, others]), history });
  const utils = render(
    <I18nProvider>
      <AuthProvider actor={actor}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </AuthProvider>
    </I18nProvider>,
  );
  return { ...utils, actor, spies, router };
}
