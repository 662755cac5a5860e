import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../server/auth/access-tokens';
import { hashOpaqueToken, newOpaqueToken } from '../../server/auth/opaque-tokens';
import { hashPassword, isCommonPassword, verifyPassword } from '../../server/auth/passwords';
import { redactUrl } from '../../server/http/request-log';
import { formatBirthDate } from '../../server/users/user-presenter';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('girassol-amarelo-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'girassol-amarelo-42')).toBe(true);
    expect(await verifyPassword(hash, 'girassol-amarelo-43')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('knows the 3,000 most common passwords, case-insensitively', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('girassol-amarelo-42')).toBe(false);
  });
});

describe('access tokens', () => {
  it('expire after the TTL by the given clock', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret: 's'.repeat(40), ttlS: 60, clock: { now: () => new Date(now) } });
    const token = await tokens.issue('user-1', 'session-1');
    expect(await tokens.verify(token)).toEqual({ ok: true, userId: 'user-1', sessionId: 'session-1' });
    now += 61_000;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token already verified still expires at the second its exp names, as on first sight', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret: 's'.repeat(40), ttlS: 60, clock: { now: () => new Date(now) } });
    const token = await tokens.issue('user-1', 'session-1');
    const firstSight = createAccessTokens({ secret: 's'.repeat(40), ttlS: 60, clock: { now: () => new Date(now) } });
    expect(await tokens.verify(token)).toEqual({ ok: true, userId: 'user-1', sessionId: 'session-1' });
    now += 59_999;
    expect(await tokens.verify(token)).toEqual({ ok: true, userId: 'user-1', sessionId: 'session-1' });
    now += 1;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await firstSight.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a remembered token lends nothing to a tampered copy', async () => {
    const tokens = createAccessTokens({ secret: 's'.repeat(40), ttlS: 60, clock: { now: () => new Date() } });
    const token = await tokens.issue('user-1', 'session-1');
    expect(await tokens.verify(token)).toEqual({ ok: true, userId: 'user-1', sessionId: 'session-1' });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 4102444800 })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuse tokens signed with another secret or with alg none', async () => {
    const clock = { now: () => new Date() };
    const mine = createAccessTokens({ secret: 'a'.repeat(40), ttlS: 60, clock });
    const theirs = createAccessTokens({ secret: 'b'.repeat(40), ttlS: 60, clock });
    expect(await mine.verify(await theirs.issue('u', 's'))).toEqual({ ok: false, reason: 'invalid' });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u","exp":4102444800}').toString('base64url')}.`;
    expect(await mine.verify(unsigned)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hex hash', () => {
    const token = newOpaqueToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newOpaqueToken()).not.toBe(token);
    expect(hashOpaqueToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).toBe(hashOpaqueToken(token));
  });
});

describe('helpers', () => {
  it('redacts secret query values from logged URLs', () => {
    expect(redactUrl('/reset-password?token=abc&lang=pt')).toBe('/reset-password?token=%5Bredacted%5D&lang=pt');
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('formats birth dates day/month/year', () => {
    expect(formatBirthDate('1990-05-07')).toBe('07/05/1990');
    expect(formatBirthDate(null)).toBeNull();
  });
});
