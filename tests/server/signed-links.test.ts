import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureMatches } from '../../server/auth/signed-links';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('a signed link’s signature', () => {
  const expected = createHmac('sha256', 'segredo').update('guest-statement:x').digest();
  const text = expected.toString('base64url');

  it('passes as it was written, and not with a character changed', () => {
    expect(signatureMatches(text, expected)).toBe(true);
    expect(signatureMatches(`${text.slice(0, 5)}${text[5] === 'A' ? 'B' : 'A'}${text.slice(6)}`, expected)).toBe(false);
    expect(signatureMatches(text.slice(0, -1), expected)).toBe(false);
    expect(signatureMatches(`${text}=`, expected)).toBe(false);
  });

  it('does not pass in another spelling that decodes to the same bytes (the last character’s spare bits)', () => {
    // 32 bytes are 43 characters whose last carries 4 bits and 2 spare ones: flipping a spare bit decodes the same.
    const last = ALPHABET.indexOf(text.at(-1) ?? '');
    const respelled = `${text.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url').equals(expected)).toBe(true);
    expect(signatureMatches(respelled, expected)).toBe(false);
  });
});
