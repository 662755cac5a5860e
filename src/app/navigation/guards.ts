import { ADMIN_ROUTE_PERMISSIONS, canAccessAdminPath, grantsOf, type AdminPath, type User } from '../../../contracts';
import { afterSignInPath } from './return-url';

/**
 * Route guards as pure decisions (docs/spec.md §2, §6). They take what the auth machine settled on —
 * never its loading state: the router waits for that to end first — and return where to send
 * the user, or null to let them in.
 */
export interface AuthFacts {
  signedIn: boolean;
  user: User | null;
}

export const HOME = '/';

/** /signin, /signup, /reset-password: a signed-in user goes to return_url (same-origin) or home. */
export function guestOnly(auth: AuthFacts, returnUrl: unknown): string | null {
  return auth.signedIn ? afterSignInPath(returnUrl) : null;
}

/** /profile*, /admin*: a signed-out user goes home. */
export function signedInOnly(auth: AuthFacts): string | null {
  return auth.signedIn && auth.user ? null : HOME;
}

/** The page that tells a signed-in person why an admin page did not open, and which ones they may open. */
export const ADMIN_DENIED = '/admin/sem-permissao';

/** ADMIN_DENIED naming the page that was refused (`?pagina=`), or none (/admin itself). */
export const adminDeniedPath = (path?: AdminPath): string =>
  path ? `${ADMIN_DENIED}?${new URLSearchParams({ pagina: path }).toString()}` : ADMIN_DENIED;

/**
 * /admin/*: role ADMIN and every permission the route lists. A signed-out visitor goes home; a
 * signed-in person without them goes to the page that says so, never home without a word.
 */
export function adminOnly(auth: AuthFacts, path: AdminPath): string | null {
  if (signedInOnly(auth) !== null || !auth.user) return HOME;
  return canAccessAdminPath(grantsOf(auth.user), path) ? null : adminDeniedPath(path);
}

export const isAdminPath = (path: string): path is AdminPath => Object.hasOwn(ADMIN_ROUTE_PERMISSIONS, path);

/** The admin pages this user may open, in menu order. */
export function adminPathsFor(user: User | null): AdminPath[] {
  if (!user) return [];
  const grants = grantsOf(user);
  return (Object.keys(ADMIN_ROUTE_PERMISSIONS) as AdminPath[]).filter((p) => canAccessAdminPath(grants, p));
}
