import { createHmac } from 'node:crypto';
import { GUEST_STATEMENT_LINK_DAYS } from '../../../contracts/guest-statements';
import { signatureMatches } from '../../auth/signed-links';
import { isUuid } from '../../db/uuid';

/**
 * The PDF link of a guest's statement mail: `<donation id>.<expiry, unix seconds>.<base64url HMAC-SHA256>`, keyed
 * from the JWT secret over a prefixed text (no other signature made with that secret passes for it). It names the
 * donation, never the e-mail, so a logged URL carries no personal data; the mailbox it went to is the proof.
 */
const PURPOSE = 'guest-statement:';
const DAY_S = 24 * 60 * 60;

const signatureOf = (secret: string, donationId: string, expiresS: number): Buffer =>
  createHmac('sha256', secret).update(`${PURPOSE}${donationId}.${expiresS}`).digest();

export function guestStatementToken(secret: string, donationId: string, now: Date): string {
  const expiresS = Math.floor(now.getTime() / 1000) + GUEST_STATEMENT_LINK_DAYS * DAY_S;
  return `${donationId}.${expiresS}.${signatureOf(secret, donationId, expiresS).toString('base64url')}`;
}

/** The donation a live token was signed for, or null when it is malformed, forged or expired. */
export function verifyGuestStatementToken(secret: string, token: string, now: Date): string | null {
  const [id, expires, signature, ...rest] = token.split('.');
  if (!id || !expires || !signature || rest.length > 0 || !isUuid(id) || !/^\d{1,12}$/.test(expires)) return null;
  const expiresS = Number(expires);
  if (expiresS * 1000 <= now.getTime()) return null;
  return signatureMatches(signature, signatureOf(secret, id.toLowerCase(), expiresS)) ? id.toLowerCase() : null;
}

export const guestStatementPdfUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/api/v1/statements/guest/${encodeURIComponent(token)}`;
