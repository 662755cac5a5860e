import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what refresh tokens and reset links carry. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored, so a leaked table cannot be replayed. */
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token).digest('hex');
