import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { signatureMatches } from '../../auth/signed-links';
import { isUuid } from '../../db/uuid';

/**
 * The signed link of every monthly e-mail that cancels the subscription without signing in:
 * `<subscription id>.<base64url HMAC-SHA256>`, keyed from the JWT secret but over a prefixed text, so
 * no other signature made with that secret can pass for it.
 */
const PURPOSE = 'subscription-cancel:';

const signatureOf = (jwtSecret: string, subscriptionId: string): Buffer =>
  createHmac('sha256', jwtSecret).update(`${PURPOSE}${subscriptionId}`).digest();

export function cancelToken(jwtSecret: string, subscriptionId: string): string {
  return `${subscriptionId}.${signatureOf(jwtSecret, subscriptionId).toString('base64url')}`;
}

/** The subscription id a token was signed for, or null when it is malformed or forged. */
export function verifyCancelToken(jwtSecret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !isUuid(id)) return null;
  return signatureMatches(signature, signatureOf(jwtSecret, id.toLowerCase())) ? id.toLowerCase() : null;
}

/** The page of the web app that shows the subscription and cancels it with one click. */
export function cancelLink(config: Pick<Config, 'publicUrl' | 'jwtSecret'>, subscriptionId: string): string {
  return `${config.publicUrl}/doacao-mensal/cancelar?token=${encodeURIComponent(cancelToken(config.jwtSecret, subscriptionId))}`;
}
