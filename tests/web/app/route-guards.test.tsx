import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { authMachine } from '../../../machines/auth/auth.machine';
import type { User } from '../../../contracts';
import { signInSearchSchema } from '../../../contracts';
import { redirectSignedIn, requireAdmin, requireSignedIn, type RouterContext } from '../../../src/app/navigation/route-guards';
import { ALL_PERMISSIONS, userWith } from './fixtures';

/** An auth actor whose start-up load waits until `settle` is called. */
function pendingAuth() {
  let settle!: (user: User | null) => void;
  const loaded = new Promise<User | null>((resolve) => (settle = resolve));
  const actor = createActor(
    authMachine.provide({
      actors: {
        loadCurrentUser: fromPromise(async () => {
          const user = await loaded;
          if (!user) throw new Error('no session');
          return user;
        }),
      },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, settle };
}

function appRouter(auth: RouterContext['auth'], path: string) {
  const root = createRootRouteWithContext<RouterContext>()({});
  const home = createRoute({ getParentRoute: () => root, path: '/' });
  const signin = createRoute({
    getParentRoute: () => root,
    path: 'signin',
    validateSearch: signInSearchSchema,
    beforeLoad: redirectSignedIn,
  });
  const profile = createRoute({ getParentRoute: () => root, path: 'profile', beforeLoad: requireSignedIn });
  const wallet = createRoute({ getParentRoute: () => profile, path: 'wallet' });
  const finances = createRoute({ getParentRoute: () => root, path: 'admin/finances', beforeLoad: requireAdmin('/admin/finances') });
  return createRouter({
    routeTree: root.addChildren([home, signin, profile.addChildren([wallet]), finances]),
    context: { auth },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

async function landAt(path: string, user: User | null) {
  const { actor, settle } = pendingAuth();
  const router = appRouter(actor, path);
  const loading = router.load();
  // The guard must wait while the auth machine is still authenticating.
  await new Promise((r) => setTimeout(r, 10));
  expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
  settle(user);
  await loading;
  return router.state.location.href;
}

const donor = userWith();
const admin = userWith({ roles: ['ADMIN'], permissions: ALL_PERMISSIONS });

describe('route guards (waiting for the auth machine first)', () => {
  it('sends signed-out visitors home from /profile and /admin', async () => {
    expect(await landAt('/profile/wallet', null)).toBe('/');
    expect(await landAt('/admin/finances', null)).toBe('/');
  });

  it('lets a donor into /profile but not /admin, showing why instead', async () => {
    expect(await landAt('/profile/wallet', donor)).toBe('/profile/wallet');
    expect(await landAt('/admin/finances', donor)).toBe('/admin/sem-permissao?pagina=%2Fadmin%2Ffinances');
  });

  it('lets an admin into /admin/finances', async () => {
    expect(await landAt('/admin/finances', admin)).toBe('/admin/finances');
  });

  it('sends a signed-in user away from /signin to return_url, or home when it is foreign', async () => {
    expect(await landAt('/signin?return_url=%2Fprofile%2Fwallet', donor)).toBe('/profile/wallet');
    expect(await landAt('/signin?return_url=https%3A%2F%2Fevil.example', donor)).toBe('/');
    expect(await landAt('/signin', donor)).toBe('/');
  });

  it('shows /signin to visitors', async () => {
    expect(await landAt('/signin?return_url=%2Fprofile', null)).toBe('/signin?return_url=%2Fprofile');
  });
});
