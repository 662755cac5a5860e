import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used, not when the server starts: pdf-lib, qrcode, the passkey
 * library and ioredis are some 500 modules (about 2 s of a start's 11 on an idle machine) that most starts
 * never use, and that a restart after a crash would otherwise make every waiting donor wait for too.
 */
export function onFirstUse<T>(name: 'pdf-lib' | 'qrcode' | '@simplewebauthn/server' | 'ioredis'): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
