import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../services/clock';

export type AccessTokenCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  issue(userId: string): Promise<string>;
  verify(token: string): Promise<AccessTokenCheck>;
}

/** Short-lived HS256 JWTs carrying the user id in `sub`; the clock decides both iat/exp and "now". */
export function createAccessTokens(options: { secret: string; ttlS: number; clock: Clock }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    issue(userId) {
      const now = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuedAt(now).setExpirationTime(now + options.ttlS).sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: options.clock.now(), requiredClaims: ['sub', 'exp'] });
        return typeof payload.sub === 'string' ? { ok: true, userId: payload.sub } : { ok: false, reason: 'invalid' };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
