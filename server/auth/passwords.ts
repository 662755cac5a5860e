import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2;
/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/**
 * A fixed hash to verify against when the e-mail is unknown, so an answer takes about as long
 * whether or not the account exists.
 */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('semear-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

const COMMON_PASSWORDS_FILE = fileURLToPath(new URL('../data/common-passwords.txt', import.meta.url));
let commonPasswords: Set<string> | null = null;

/** True for one of the 3,000 most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}
