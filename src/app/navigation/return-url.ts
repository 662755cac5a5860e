import { safeReturnPath } from '../../../contracts';

/** Pages that make no sense to return to once signed in (they would bounce straight back). */
const AUTH_PAGES = new Set(['/signin', '/signup', '/reset-password']);

/**
 * A return_url reduced to a same-origin path, or undefined. Refuses '//evil', '/\\evil',
 * 'http://x', 'javascript:…'. Used for links to sign-in (visitor prompt) and by the guards.
 */
export function sanitizeReturnUrl(value: unknown): string | undefined {
  const path = safeReturnPath(value);
  if (path === undefined) return undefined;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return AUTH_PAGES.has(pathname.replace(/\/+$/, '') || '/') ? undefined : path;
}

/** Where a signed-in user leaving an auth page goes: the safe return_url, else home. */
export const afterSignInPath = (returnUrl: unknown): string => sanitizeReturnUrl(returnUrl) ?? '/';
