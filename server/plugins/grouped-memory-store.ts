import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** The most client keys a window keeps in memory; past it, those whose window ended go first, then the oldest. */
const MAX_KEYS = 50_000;

class WindowCounts {
  private readonly counts = new Map<string, { current: number; startedAt: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
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

/**
 * The in-memory rate-limit store, with one difference from the plugin's own: routes that share a
 * `groupId` share one count (the plugin's memory store gives every route its own, so a card tester
 * spreading tries over the donation, gift-card and subscription routes got the limit three times).
 * Other routes keep a count each. With REDIS_URL, the Redis store shares counts by key anyway.
 */
export class GroupedMemoryStore implements FastifyRateLimitStore {
  constructor(
    _options?: unknown,
    private readonly counts = new WindowCounts(),
    private readonly groups = new Map<string, WindowCounts>(),
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    callback(null, this.counts.incr(key, timeWindow));
  }

  child(routeOptions: object): FastifyRateLimitStore {
    const groupId = (routeOptions as { groupId?: string }).groupId;
    if (!groupId) return new GroupedMemoryStore(undefined, new WindowCounts(), this.groups);
    let shared = this.groups.get(groupId);
    if (!shared) {
      shared = new WindowCounts();
      this.groups.set(groupId, shared);
    }
    return new GroupedMemoryStore(undefined, shared, this.groups);
  }
}
