import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_REFRESH_TOKEN, COOKIE_TOKEN } from '../../../contracts';
import {
  clearSessionTokens,
  getCookie,
  getRefreshToken,
  getToken,
  serializeCookie,
  setCookie,
  storeSessionTokens,
} from '../../../src/lib/cookies';

afterEach(() => clearSessionTokens());

describe('cookies', () => {
  it('stores and reads both session cookies under their semear.* names', () => {
    storeSessionTokens({ token: 'access.jwt', refreshToken: 'opaque refresh' });
    expect(getToken()).toBe('access.jwt');
    expect(getRefreshToken()).toBe('opaque refresh');
    expect(getCookie(COOKIE_TOKEN)).toBe('access.jwt');
    expect(getCookie(COOKIE_REFRESH_TOKEN)).toBe('opaque refresh');
  });

  it('deletes both', () => {
    storeSessionTokens({ token: 'a', refreshToken: 'r' });
    clearSessionTokens();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(document.cookie).toBe('');
  });

  it('does not confuse names that share a prefix', () => {
    setCookie('semear.token_old', 'x', 60);
    expect(getToken()).toBeUndefined();
    document.cookie = serializeCookie('semear.token_old', '', 0);
  });

  it('writes the spec lifetimes, path /, SameSite=Lax, and Secure only over https', () => {
    expect(serializeCookie(COOKIE_TOKEN, 't', 604_800, false)).toBe('semear.token=t; Max-Age=604800; Path=/; SameSite=Lax');
    expect(serializeCookie(COOKIE_REFRESH_TOKEN, 'r', 2_592_000, true)).toBe(
      'semear.refresh_token=r; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
    // jsdom runs on http://localhost: no Secure by default.
    expect(serializeCookie(COOKIE_TOKEN, 't', 1)).not.toContain('Secure');
  });

  it('storeSessionTokens writes 7 days for the token and 30 days for the refresh token', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    expect(written.mock.calls.map(([cookie]) => cookie)).toEqual([
      'semear.token=t; Max-Age=604800; Path=/; SameSite=Lax',
      'semear.refresh_token=r; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
    written.mockRestore();
  });
});
