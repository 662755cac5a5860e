import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../services/clock';

/** `sessionId` is the token's `sid` (server/auth/session-records.ts); null only for tokens made before sessions existed. */
export type AccessTokenCheck = { ok: true; userId: string; sessionId: string | null } | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  issue(userId: string, sessionId: string): Promise<string>;
  verify(token: string): Promise<AccessTokenCheck>;
  /** What `verify` would answer from memory alone, or null for a token it has not checked (or has forgotten). */
  peek(token: string): AccessTokenCheck | null;
}

/** The token of an `Authorization: Bearer <token>` header, or null for any other header or none. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Short-lived HS256 JWTs carrying the user id in `sub` and the session in `sid`; the clock decides both iat/exp and "now".
 * A token whose signature was checked once is remembered with its expiry: the same string cannot
 * carry another signature or claims, and the HMAC (WebCrypto, async) was a fifth of the CPU of an
 * authenticated call. Expiry is still checked against the clock on every use.
 */
export function createAccessTokens(options: { secret: string; ttlS: number; clock: Clock }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  const verified = new Map<string, { userId: string; sessionId: string | null; expiresAtS: number }>();
  const remember = (token: string, userId: string, sessionId: string | null, expiresAtS: number) => {
    // Map keeps insertion order: the first key is the oldest one.
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { userId, sessionId, expiresAtS });
  };
  const peek = (token: string): AccessTokenCheck | null => {
    const known = verified.get(token);
    if (!known) return null;
    // Same rule as jose: a token is expired from the second its `exp` names.
    const nowS = Math.floor(options.clock.now().getTime() / 1000);
    return nowS < known.expiresAtS ? { ok: true, userId: known.userId, sessionId: known.sessionId } : { ok: false, reason: 'expired' };
  };
  return {
    issue(userId, sessionId) {
      const now = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlS)
        .sign(key);
    },
    peek,
    async verify(token) {
      const known = peek(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
        const sessionId = payload.sid ?? null;
        remember(token, payload.sub, sessionId, payload.exp);
        return { ok: true, userId: payload.sub, sessionId };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
