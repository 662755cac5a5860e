import { redirect } from '@tanstack/react-router';
import type { AdminPath } from '../../../contracts';
import type { AuthActor } from '../auth/auth-context';
import { authSettled } from '../auth/settled';
import { adminOnly, guestOnly, signedInOnly, type AuthFacts } from './guards';

/** What every route sees in `context` (set in router.tsx). */
export interface RouterContext {
  auth: AuthActor;
}

async function factsOf(actor: AuthActor): Promise<AuthFacts> {
  const snapshot = await authSettled(actor);
  return { signedIn: snapshot.hasTag('state:signedIn'), user: snapshot.context.user };
}

const go = (target: string | null): void => {
  if (target !== null) throw redirect({ href: target, replace: true });
};

/** beforeLoad of /signin, /signup, /reset-password. */
export async function redirectSignedIn({ context, search }: { context: RouterContext; search: object }) {
  const returnUrl = 'return_url' in search ? search.return_url : undefined;
  go(guestOnly(await factsOf(context.auth), returnUrl));
}

/** beforeLoad of /profile (and so of its children). */
export async function requireSignedIn({ context }: { context: RouterContext }) {
  go(signedInOnly(await factsOf(context.auth)));
}

/** beforeLoad of an /admin/* page. */
export const requireAdmin =
  (path: AdminPath) =>
  async ({ context }: { context: RouterContext }) => {
    go(adminOnly(await factsOf(context.auth), path));
  };
