import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from '../services/shared-counts/redis-client';

/** The most client keys a window keeps in memory; past it, those whose window ended go first, then the oldest. */
const MAX_KEYS = 50_000;

type Count = { current: number; ttl: number };

/** Counts per key in fixed windows, on this node only. */
class WindowCounts {
  private readonly counts = new Map<string, { current: number; startedAt: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): Count {
    let entry = this.counts.get(key);
    if (!entry || entry.startedAt + timeWindow <= now) {
      entry = { current: 0, startedAt: now };
      this.counts.delete(key);
      this.counts.set(key, entry);
      this.prune(timeWindow, now);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.startedAt + timeWindow - now };
  }

  private prune(timeWindow: number, now: number) {
    if (this.counts.size <= MAX_KEYS) return;
    for (const [key, entry] of this.counts) if (entry.startedAt + timeWindow <= now) this.counts.delete(key);
    for (const key of this.counts.keys()) {
      if (this.counts.size <= MAX_KEYS) break;
      this.counts.delete(key);
    }
  }
}

/** The same fixed window in Redis, in one round trip: the first hit of a window sets its expiry. */
const INCR_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Where a scope's counts live: every node's shared Redis, or this node's memory. */
interface Counter {
  incr(key: string, timeWindow: number): Promise<Count>;
}

/**
 * Counts in Redis, so every API node adds to the same number. While Redis cannot answer, the count goes
 * on in this node's memory instead of failing open or closed: a guesser is still slowed (by each node's
 * limit, so at most nodes × max), and nobody is refused because Redis is down (docs/deploy.md).
 */
class RedisCounts implements Counter {
  private readonly fallback = new WindowCounts();
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async incr(key: string, timeWindow: number): Promise<Count> {
    try {
      const [current, ttl] = (await this.redis.eval(INCR_WINDOW, 1, this.prefix + key, timeWindow)) as [number, number];
      return { current, ttl };
    } catch {
      return this.fallback.incr(key, timeWindow);
    }
  }
}

class MemoryCounts implements Counter {
  private readonly counts = new WindowCounts();
  incr(key: string, timeWindow: number): Promise<Count> {
    return Promise.resolve(this.counts.incr(key, timeWindow));
  }
}

/** The key prefix of shared rate-limit counts in Redis. */
export const RATE_LIMIT_KEY_PREFIX = 'semear:rate:';

/**
 * The rate-limit store, with one difference from the plugin's own: routes that share a `groupId` share
 * one count (the plugin's stores give every route its own, so a card tester spreading tries over the
 * donation, gift-card and subscription routes got the limit three times). Other routes keep a count each.
 * With Redis the counts are shared by every node; without it each node counts in memory.
 */
export function groupedStore(redis: Redis | null): new (options?: unknown) => FastifyRateLimitStore {
  const scopes = new Map<string, Counter>();
  const counterOf = (scope: string) => {
    let counter = scopes.get(scope);
    if (!counter) {
      counter = redis ? new RedisCounts(redis, `${RATE_LIMIT_KEY_PREFIX}${scope}:`) : new MemoryCounts();
      scopes.set(scope, counter);
    }
    return counter;
  };
  return class GroupedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly counter: Counter = counterOf('global'),
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      this.counter.incr(key, timeWindow).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const { groupId, routeInfo } = routeOptions as { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
      const scope = groupId ? `group:${groupId}` : `route:${String(routeInfo?.method)}:${routeInfo?.url ?? ''}`;
      return new GroupedStore(undefined, counterOf(scope));
    }
  };
}
