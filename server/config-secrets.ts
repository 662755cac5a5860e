import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_DATA_DIR, GENERATED_SECRET_NAMES } from './config-variables';

/**
 * The one place configuration writes, a step before it is read: a secret that was not configured
 * (JWT_SECRET, PAYMENT_WEBHOOK_SECRET, PUSHER_SECRET) is made once and kept in DATA_DIR/<file>
 * (mode 0600), so sessions and signatures survive restarts of a single-node install without any
 * configuration. config.ts only reads, and refuses to start without them.
 */
const FILES: Record<(typeof GENERATED_SECRET_NAMES)[number], string> = {
  JWT_SECRET: 'jwt-secret',
  PAYMENT_WEBHOOK_SECRET: 'webhook-secret',
  PUSHER_SECRET: 'pusher-secret',
};

/** `env` with every unset secret filled from DATA_DIR (made there the first time). */
export function withGeneratedSecrets(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const dataDir = resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const filled = { ...env };
  for (const name of GENERATED_SECRET_NAMES) {
    if (!env[name]?.trim()) filled[name] = generatedSecret(dataDir, FILES[name]);
  }
  return filled;
}

function generatedSecret(dataDir: string, name: string): string {
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
