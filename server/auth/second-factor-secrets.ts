import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/**
 * What second factors keep secret at rest (docs/security.md, Second factors), with keys derived from
 * JWT_SECRET (HKDF, one label per use), so a copy of the database alone neither mints TOTP codes nor
 * tests recovery codes. Changing JWT_SECRET therefore also retires every enrolled authenticator app
 * and recovery code (passkeys keep working: they hold no secret here).
 */
export interface SecondFactorSecrets {
  /** AES-256-GCM of a TOTP secret: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string): string;
  open(sealed: string): string;
  /** The stored form of a recovery code, from its normalized text. */
  hashRecoveryCode(code: string): string;
}

const derive = (secret: string, label: string) => Buffer.from(hkdfSync('sha256', secret, 'semear-second-factors', label, 32));

export function createSecondFactorSecrets(serverSecret: string): SecondFactorSecrets {
  const sealKey = derive(serverSecret, 'totp-secret-encryption');
  const codeKey = derive(serverSecret, 'recovery-code-hmac');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('second-factor secret: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    // A keyed SHA-256 rather than argon2: each code carries about 50 random bits, so no dictionary shortens a
    // search, and without the key a leaked table cannot even be searched; a slow hash would only make
    // every sign-in with a code pay for ten verifications.
    hashRecoveryCode: (code) => createHmac('sha256', codeKey).update(code).digest('hex'),
  };
}

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L, so a code copied by hand reads back the same: 31 symbols, ten of them about 50 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** A fresh code as shown once to its owner: `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What was typed, as hashed: case, spaces and hyphens do not matter. */
export const normalizeRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

/** Looks like a recovery code rather than a 6-digit TOTP code. */
export const isRecoveryCodeShape = (typed: string): boolean => normalizeRecoveryCode(typed).length === RECOVERY_CODE_LENGTH;
