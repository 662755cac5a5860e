import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

describe('return_url never leaves the site after normalisation', () => {
  const startsOffSite = (path: string) => /^[/\\][/\\]/.test(path);

  it.each([
    '/.//evil.com',
    '/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/a/..//evil.com',
    '/%2e%2e/%2e%2e//evil.com',
    '/%5c/evil.com',
    '/%2f/evil.com',
    '/%2F%2Fevil.com',
    '/%252e//evil.com',
    '/.%2f/evil.com',
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBeUndefined();
    expect(afterSignInPath(input)).toBe('/');
  });

  it('keeps a path whose query merely carries encoded characters', () => {
    expect(safeReturnPath('/busca?q=100%25%20org%C3%A2nico')).toBe('/busca?q=100%25%20org%C3%A2nico');
  });

  it('whatever the input, the result is undefined or a path on this site in every decoded form', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%25',
      '%252e',
      '%252f',
      'evil.com',
      'a',
      '?',
      '#',
      ':',
      '@',
      'http:',
      '%00',
      ' ',
    );
    const hostile = fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (input) => {
        const path = safeReturnPath(input);
        if (path === undefined) return;
        let form = path;
        for (let round = 0; round < 4; round++) {
          expect(form.startsWith('/')).toBe(true);
          expect(startsOffSite(form), `${input} → ${path} → ${form}`).toBe(false);
          expect(new URL(form.replace(/\\/g, '/'), 'https://semear.invalid').origin).toBe('https://semear.invalid');
          const resolved = new URL(form.replace(/\\/g, '/'), 'https://semear.invalid').pathname;
          expect(startsOffSite(resolved), `${input} resolves to ${resolved}`).toBe(false);
          try {
            form = decodeURIComponent(form);
          } catch {
            break;
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
