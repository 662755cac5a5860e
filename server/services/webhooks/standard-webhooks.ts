import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): a secret is `whsec_` and base64 bytes; a message is signed
 * as `v1,` + base64(HMAC-SHA256(secret bytes, `${id}.${timestamp}.${body}`)); several signatures (a
 * rotation's old and new secret) go in one header, separated by spaces.
 */

const PREFIX = 'whsec_';

export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** A message id: `msg_` and 26 random characters (what receivers deduplicate on). */
export const newMessageId = (): string => `msg_${randomBytes(20).toString('base64url').slice(0, 26)}`;

export function signature(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with every secret in force. */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): Record<string, string> {
  const timestampS = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestampS, body)).join(' '),
  };
}
