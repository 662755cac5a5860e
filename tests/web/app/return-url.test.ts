import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInSearchSchema } from '../../../contracts';
import { afterSignInPath, sanitizeReturnUrl } from '../../../src/app/navigation/return-url';

describe('return_url sanitising', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile/wallet?tab=lots#next', '/profile/wallet?tab=lots#next'],
    ['/cozinha-solidaria-recife/donate?amount=50', '/cozinha-solidaria-recife/donate?amount=50'],
    ['/a/../admin/finances', '/admin/finances'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
    expect(sanitizeReturnUrl(input)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'http://x',
    '//evil',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'profile',
    '',
    '/pro\nfile',
    '/pro\tfile',
    ' /profile',
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBeUndefined();
    expect(afterSignInPath(input)).toBe('/');
  });

  it('refuses non-strings', () => {
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath({ toString: () => '/x' })).toBeUndefined();
  });

  it('refuses auth pages as a destination after sign-in', () => {
    expect(sanitizeReturnUrl('/signin')).toBeUndefined();
    expect(sanitizeReturnUrl('/signup/')).toBeUndefined();
    expect(sanitizeReturnUrl('/reset-password?token=x')).toBeUndefined();
  });

  it('is what the /signin route reads from its search params', () => {
    expect(signInSearchSchema.parse({ return_url: '/profile' })).toEqual({ return_url: '/profile' });
    expect(signInSearchSchema.parse({ return_url: 'https://evil.example' }).return_url).toBeUndefined();
    expect(signInSearchSchema.parse({ return_url: '//evil' }).return_url).toBeUndefined();
    expect(signInSearchSchema.parse({}).return_url).toBeUndefined();
  });
});
