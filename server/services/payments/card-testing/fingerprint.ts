import { createHmac, hkdfSync } from 'node:crypto';
import type { SavedCardToken } from '../gateway';

/** The key of our card fingerprints, derived from the server's JWT secret (one secret less to keep; counts last an hour). */
export const fingerprintKey = (serverSecret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'semear-card-testing', 'card fingerprint', 32));

/**
 * What tells one card apart from another in the card-testing counts, never its number: the provider's own
 * fingerprint where it gives one, else a keyed HMAC of BIN (or brand, where the provider reveals no BIN), last
 * four and expiry. Keyed, so a leaked table cannot be matched against a list of cards.
 */
export function cardFingerprint(
  key: Buffer,
  card: Pick<SavedCardToken, 'brand' | 'last4' | 'expMonth' | 'expYear' | 'fingerprint' | 'bin'>,
  provider: string,
): string {
  if (card.fingerprint) return `${provider}:${card.fingerprint}`;
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return `hmac:${createHmac('sha256', key)
    .update(`${card.bin ?? card.brand}|${card.last4}|${expiry}`)
    .digest('base64url')}`;
}
