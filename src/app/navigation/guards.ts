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

/** /admin/*: role ADMIN and every permission the route lists; otherwise home. */
export function adminOnly(auth: AuthFacts, path: AdminPath): string | null {
  if (signedInOnly(auth) !== null || !auth.user) return HOME;
  return canAccessAdminPath(grantsOf(auth.user), path) ? null : HOME;
}

export const isAdminPath = (path: string): path is AdminPath => Object.hasOwn(ADMIN_ROUTE_PERMISSIONS, path);

/** The admin pages this user may open, in menu order. */
export function adminPathsFor(user: User | null): AdminPath[] {
  if (!user) return [];
  const grants = grantsOf(user);
  return (Object.keys(ADMIN_ROUTE_PERMISSIONS) as AdminPath[]).filter((p) => canAccessAdminPath(grants, p));
}
