import type { Clock } from '../services/clock';
import { toAnswer, type PublicAnswer } from './public-cache';

/**
 * The payloads the database NOTIFYs on the public reads' channel (migration 0045) about one person:
 * `user:<id>` (their profile, grants or notifications changed, or the account closed), `user:*` (names
 * every profile shows, a role's or a permission's, changed) and `session:<id>` (a session ended).
 */
export const USER_SCOPE = 'user:';
export const SESSION_SCOPE = 'session:';
export const EVERY_USER = 'user:*';
/** A node's own marker (personal-cache plugin): heard after every NOTIFY of the commits before it. */
export const SYNC_SCOPE = 'sync:';

export type PersonalScope =
  { kind: 'user'; userId: string } | { kind: 'every-user' } | { kind: 'session'; sessionId: string } | { kind: 'sync'; marker: string };

/** What a payload on the shared channel says about personal answers, or null for a public read's payload. */
export function personalScopeOf(payload: string): PersonalScope | null {
  if (payload === EVERY_USER) return { kind: 'every-user' };
  if (payload.startsWith(USER_SCOPE)) return { kind: 'user', userId: payload.slice(USER_SCOPE.length) };
  if (payload.startsWith(SESSION_SCOPE)) return { kind: 'session', sessionId: payload.slice(SESSION_SCOPE.length) };
  if (payload.startsWith(SYNC_SCOPE)) return { kind: 'sync', marker: payload.slice(SYNC_SCOPE.length) };
  return null;
}

/**
 * A profile is about 1 KB, a page of 30 notifications about 6 KB, and each is also kept compressed
 * (smaller still) once asked for so: 16 MB holds the reads of a few thousand people who are signed in at
 * once. Five minutes bounds the harm of a notification lost while the LISTEN connection was down.
 */
export const PERSONAL_CACHE_LIMITS = { maxBytes: 16 * 1024 * 1024, maxAgeMs: 5 * 60_000 } as const;
/** What an entry costs besides its body: its key, maps and headers. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  key: string;
  userId: string;
  answer: PublicAnswer;
  bytes: number;
  expiresAt: number;
}

export interface PersonalCache {
  /** False without LISTEN: every read then goes to the database (nothing would tell us of changes). */
  readonly enabled: boolean;
  /** `userId`'s answer under `key`, from memory or from `fill` (concurrent readers of one key share one fill). */
  answer(userId: string, key: string, fill: () => Promise<{ body: string; headers?: Record<string, string> }>): Promise<PublicAnswer>;
  /**
   * The answer is still the one kept for its key and not expired (counted as a read, for the
   * least-recently-read order): the front door asks before sending its bytes again.
   */
  isCurrent(answer: PublicAnswer): boolean;
  /** Drops every answer kept for this person; a fill under way for them is answered but not kept. */
  invalidateUser(userId: string): void;
  /** Drops everything (a notification may have been lost, or names every profile shows changed). */
  invalidateAll(): void;
  readonly size: number;
  /** The bytes the kept answers count for (bodies twice: plain and compressed, plus an overhead each). */
  readonly bytes: number;
}

export interface PersonalCacheOptions {
  enabled: boolean;
  clock: Clock;
  maxBytes: number;
  maxAgeMs: number;
}

/**
 * A signed-in person's own reads kept in this process (docs/auth-and-profile.md, "Signed-in reads from
 * memory"), least recently read first out once they pass `maxBytes`. Every commit that changes one
 * NOTIFYs `user:<id>` (triggers, so writes by jobs, scripts and other nodes count too), and a write
 * answered here for the caller drops theirs before its answer leaves.
 */
export function createPersonalCache({ enabled, clock, maxBytes, maxAgeMs }: PersonalCacheOptions): PersonalCache {
  // A Map iterates in insertion order: re-inserting on each hit makes it least-recently-read first.
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  const filling = new Map<string, Promise<PublicAnswer>>();
  const entryOf = new WeakMap<PublicAnswer, Entry>();
  let bytes = 0;
  // Each invalidation gets the next number; a fill is kept only if its person had none since it began.
  // The map of last invalidations is bounded: one dropped raises the floor every person is compared to.
  let epoch = 0;
  let floor = 0;
  const invalidatedIn = new Map<string, number>();
  const MAX_REMEMBERED_INVALIDATIONS = 10_000;

  const remove = (entry: Entry) => {
    entries.delete(entry.key);
    bytes -= entry.bytes;
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(entry.key);
    if (keys?.size === 0) keysOfUser.delete(entry.userId);
  };

  const keep = (entry: Entry) => {
    const old = entries.get(entry.key);
    if (old) remove(old);
    entries.set(entry.key, entry);
    entryOf.set(entry.answer, entry);
    bytes += entry.bytes;
    let keys = keysOfUser.get(entry.userId);
    if (!keys) keysOfUser.set(entry.userId, (keys = new Set()));
    keys.add(entry.key);
    while (bytes > maxBytes && entries.size > 0) remove(entries.values().next().value as Entry);
  };

  /** An entry not yet expired is moved to the most recently read end; an expired one goes. */
  const stillFresh = (entry: Entry): boolean => {
    if (entry.expiresAt <= clock.now().getTime()) {
      remove(entry);
      return false;
    }
    entries.delete(entry.key);
    entries.set(entry.key, entry);
    return true;
  };

  const lastInvalidation = (userId: string) => invalidatedIn.get(userId) ?? floor;

  const fillAndKeep = async (userId: string, key: string, fill: () => Promise<{ body: string; headers?: Record<string, string> }>) => {
    const startedIn = epoch;
    const now = clock.now().getTime();
    try {
      const answer = toAnswer({ ...(await fill()), campaignId: null });
      if (lastInvalidation(userId) > startedIn) return answer;
      keep({ key, userId, answer, bytes: 2 * answer.body.length + ENTRY_OVERHEAD_BYTES, expiresAt: now + maxAgeMs });
      return answer;
    } finally {
      if (lastInvalidation(userId) <= startedIn) filling.delete(key);
    }
  };

  return {
    enabled,
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    async answer(userId, key, fill) {
      if (!enabled) return toAnswer({ ...(await fill()), campaignId: null });
      const fullKey = `${userId} ${key}`;
      const entry = entries.get(fullKey);
      if (entry && stillFresh(entry)) return entry.answer;
      let pending = filling.get(fullKey);
      if (!pending) {
        pending = fillAndKeep(userId, fullKey, fill);
        filling.set(fullKey, pending);
      }
      return pending;
    },
    isCurrent(answer) {
      const entry = entryOf.get(answer);
      return entry !== undefined && entries.get(entry.key) === entry && stillFresh(entry);
    },
    invalidateUser(userId) {
      epoch += 1;
      invalidatedIn.delete(userId);
      invalidatedIn.set(userId, epoch);
      if (invalidatedIn.size > MAX_REMEMBERED_INVALIDATIONS) {
        const [oldest, at] = invalidatedIn.entries().next().value as [string, number];
        invalidatedIn.delete(oldest);
        floor = Math.max(floor, at);
      }
      for (const key of keysOfUser.get(userId) ?? []) {
        const entry = entries.get(key);
        if (entry) remove(entry);
        filling.delete(key);
      }
      // Readers arriving from now on must not wait for a read that began before the change.
      for (const key of filling.keys()) if (key.startsWith(`${userId} `)) filling.delete(key);
    },
    invalidateAll() {
      epoch += 1;
      floor = epoch;
      invalidatedIn.clear();
      entries.clear();
      keysOfUser.clear();
      filling.clear();
      bytes = 0;
    },
  };
}
