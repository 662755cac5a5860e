import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a link's base64url signature is the expected one, compared as text in constant time. Decoding it first
 * would ignore the last character's spare bits, so several spellings of one signature would pass.
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  const givenText = Buffer.from(given);
  const expectedText = Buffer.from(expected.toString('base64url'));
  return givenText.length === expectedText.length && timingSafeEqual(givenText, expectedText);
}
