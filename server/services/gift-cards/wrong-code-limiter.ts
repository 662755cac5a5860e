import { randomUUID } from 'node:crypto';
import type { Redis } from '../shared-counts/redis-client';

/**
 * Counts the wrong gift-card codes each donor types: after `max` within `windowMs` the next tries are
 * refused until the oldest leaves the window, so codes cannot be guessed by trying many. Right codes
 * do not count. A try counts as wrong from the moment it starts until it proves right, so many sent at
 * once cannot all slip in before the first wrong one is known. With Redis (REDIS_URL) every API node
 * counts the same tries; without it each node counts its own.
 */
export interface WrongCodeLimiter {
  /** A try of this donor's, counted until settled; null when the donor must wait. */
  attempt(userId: string, now: Date): Promise<CodeAttempt | null>;
}

export interface CodeAttempt {
  /** The code was right: the try no longer counts. */
  right(): Promise<void>;
}

interface LimiterOptions {
  max: number;
  windowMs: number;
}

export function createWrongCodeLimiter(options: LimiterOptions & { redis?: Redis | null }): WrongCodeLimiter {
  const memory = memoryLimiter(options);
  return options.redis ? redisLimiter(options.redis, options, memory) : memory;
}

function memoryLimiter(options: LimiterOptions): WrongCodeLimiter {
  const tries = new Map<string, Array<{ at: number }>>();
  const recent = (userId: string, now: Date) => {
    const since = now.getTime() - options.windowMs;
    const kept = (tries.get(userId) ?? []).filter((attempt) => attempt.at > since);
    if (kept.length === 0) tries.delete(userId);
    else tries.set(userId, kept);
    return kept;
  };
  return {
    attempt(userId, now) {
      const counted = recent(userId, now);
      if (counted.length >= options.max) return Promise.resolve(null);
      const entry = { at: now.getTime() };
      tries.set(userId, [...counted, entry]);
      return Promise.resolve({
        right() {
          const left = (tries.get(userId) ?? []).filter((attempt) => attempt !== entry);
          if (left.length === 0) tries.delete(userId);
          else tries.set(userId, left);
          return Promise.resolve();
        },
      });
    },
  };
}

/** Drops the tries past the window, then adds this one unless `max` are still counted: one atomic step. */
const TRY_CODE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The donor's tries as a sorted set in Redis (score: when). While Redis cannot answer, the tries are
 * counted on this node instead: still limited (a guesser gets at most nodes × max), and a right code is
 * never refused because Redis is down. Failing closed would stop every redemption during an outage.
 */
function redisLimiter(redis: Redis, options: LimiterOptions, fallback: WrongCodeLimiter): WrongCodeLimiter {
  return {
    async attempt(userId, now) {
      const key = `semear:wrong-gift-card-codes:${userId}`;
      const member = randomUUID();
      let allowed: unknown;
      try {
        allowed = await redis.eval(TRY_CODE, 1, key, now.getTime(), options.windowMs, options.max, member);
      } catch {
        return fallback.attempt(userId, now);
      }
      if (allowed !== 1) return null;
      return {
        async right() {
          // Left in place if Redis is gone meanwhile: it then counts as wrong until the window ends.
          await redis.zrem(key, member).catch(() => undefined);
        },
      };
    },
  };
}
