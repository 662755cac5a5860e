import type { Redis } from 'ioredis';
import { onFirstUse } from '../on-first-use';

export type { Redis } from 'ioredis';

// Only a deployment with REDIS_URL uses it.
const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

/** How long a Redis command may take before the caller falls back to its own node's count. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The client the rate limits share their counts through (REDIS_URL). A command never waits for Redis to
 * come back: with no connection it fails at once (no offline queue) and a stalled one fails after
 * COMMAND_TIMEOUT_MS, so every caller can fall back to counting on this node; ioredis keeps reconnecting.
 */
export function createRedisClient(url: string, log: { warn(obj: object, msg: string): void }): Redis {
  const redis = new (ioredis().Redis)(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let warned = false;
  redis.on('error', (error: unknown) => {
    // Once per outage: a reconnect loop would otherwise log every 2 s.
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'Redis unreachable: rate limits count on this node until it is back');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}
