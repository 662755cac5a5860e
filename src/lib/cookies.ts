import { COOKIE_REFRESH_TOKEN, COOKIE_REFRESH_TOKEN_MAX_AGE_S, COOKIE_TOKEN, COOKIE_TOKEN_MAX_AGE_S } from '../../contracts';

/**
 * The session cookies (docs/design.md §5): `semear.token` for 7 days and `semear.refresh_token` for 30,
 * path /, SameSite=Lax, Secure over HTTPS. The web app writes them (not the server), so they are
 * readable here to build the Authorization header.
 */

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** The `cookie` string written for these options (exported for tests of the attributes). */
export function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean = isHttps()): string {
  const attributes = [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, ...attributes].join('; ');
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = serializeCookie(name, value, maxAgeSeconds);
}

export function deleteCookie(name: string): void {
  document.cookie = serializeCookie(name, '', 0);
}

export const getToken = (): string | undefined => getCookie(COOKIE_TOKEN) || undefined;
export const getRefreshToken = (): string | undefined => getCookie(COOKIE_REFRESH_TOKEN) || undefined;

export function storeSessionTokens(tokens: { token: string; refreshToken: string }): void {
  setCookie(COOKIE_TOKEN, tokens.token, COOKIE_TOKEN_MAX_AGE_S);
  setCookie(COOKIE_REFRESH_TOKEN, tokens.refreshToken, COOKIE_REFRESH_TOKEN_MAX_AGE_S);
}

export function clearSessionTokens(): void {
  deleteCookie(COOKIE_TOKEN);
  deleteCookie(COOKIE_REFRESH_TOKEN);
}
