import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one place configuration writes: a secret that was not configured (JWT_SECRET,
 * PAYMENT_WEBHOOK_SECRET, PUSHER_SECRET) is made once and kept in DATA_DIR/<name> (mode 0600), so
 * sessions and signatures survive restarts of a single-node install without any configuration.
 * config.ts only reads; it asks here for what the environment left out.
 */
export function generatedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
