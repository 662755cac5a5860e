import { createHash } from 'node:crypto';
import type { Clock } from '../services/clock';

/** The channel the database NOTIFYs on when something the public reads changed (migration 0031). */
export const PUBLIC_CHANGED_CHANNEL = 'semear_public_changed';
/** A notification's payload that drops everything (names shared by many campaigns changed). */
export const EVERYTHING = '*';

/**
 * Campaign pages and lists in three languages take a few kilobytes each: 2,000 answers stay within a few
 * tens of megabytes. Five minutes bounds the harm of a lost notification.
 */
export const PUBLIC_CACHE_LIMITS = { maxEntries: 2000, maxAgeMs: 5 * 60_000 } as const;

/** A public answer as sent: its body, its validator and the headers that go with it. */
export interface PublicAnswer {
  body: string;
  etag: string;
  headers: Record<string, string>;
}

/** What a read gives the cache: the answer, whose campaign it shows (null: a list), and until when it holds. */
export interface Filled {
  body: string;
  headers?: Record<string, string>;
  /** The campaign the answer is about; null for lists, categories and totals, which every change drops. */
  campaignId: string | null;
  /** When the answer changes by itself (a campaign starts or ends): it is read again from then on. */
  changesAt?: Date | null;
}

interface Entry extends PublicAnswer {
  key: string;
  campaignId: string | null;
  expiresAt: number;
}

export interface PublicCache {
  /** False without LISTEN: every read then goes to the database (nothing would tell us of changes). */
  readonly enabled: boolean;
  /**
   * The answer under `key`: from memory, or from `fill` (one fill per key at a time; concurrent readers
   * share it). `fill` answering null (a campaign that does not exist) is not kept.
   */
  answerOrNull(key: string, fill: () => Promise<Filled | null>): Promise<PublicAnswer | null>;
  /** The same, for reads that always have an answer (lists, categories, totals). */
  answer(key: string, fill: () => Promise<Filled>): Promise<PublicAnswer>;
  /**
   * Whether `answer` is still the one kept for its read, as a hit would find it (and it then counts as
   * read, for the least-recently-read order): the front door asks before sending its bytes again.
   */
  isCurrent(answer: PublicAnswer): boolean;
  /** A campaign's id (its answers and every list), '' (every list) or EVERYTHING. */
  invalidate(scope: string): void;
  readonly size: number;
}

export interface PublicCacheOptions {
  enabled: boolean;
  clock: Clock;
  /** The most answers kept; the least recently read go first. */
  maxEntries: number;
  /** The longest an answer is kept, in case a notification was lost (the LISTEN connection dropped). */
  maxAgeMs: number;
}

/** A weak validator of a body (compression may change its bytes, not its meaning). */
export const etagOf = (body: string): string => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** The answer of a read that is not kept (a list's later pages). */
export const toAnswer = (filled: Filled): PublicAnswer => ({
  body: filled.body,
  etag: etagOf(filled.body),
  headers: filled.headers ?? {},
});

/**
 * Public reads kept in this process (docs/campaigns.md, "Public reads from memory"). A change committed
 * anywhere reaches `invalidate` through the database's NOTIFY; a read that was under way when an
 * invalidation came is answered but not kept, since it may have read the data from before the change.
 */
export function createPublicCache({ enabled, clock, maxEntries, maxAgeMs }: PublicCacheOptions): PublicCache {
  // A Map iterates in insertion order: re-inserting on each hit makes it least-recently-used first.
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Promise<PublicAnswer | null>>();
  let epoch = 0;

  const fillAndKeep = async (key: string, fill: () => Promise<Filled | null>): Promise<PublicAnswer | null> => {
    const startedIn = epoch;
    const now = clock.now().getTime();
    try {
      const filled = await fill();
      if (!filled) return null;
      const answer = toAnswer(filled);
      if (startedIn !== epoch) return answer;
      const changesAt = filled.changesAt?.getTime() ?? Infinity;
      // The kept entry itself is the answer, so the front door can tell it is current from the first read.
      const entry: Entry = { ...answer, key, campaignId: filled.campaignId, expiresAt: Math.min(now + maxAgeMs, changesAt) };
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return entry;
    } finally {
      if (startedIn === epoch) filling.delete(key);
    }
  };

  /** Whether a kept entry may still be answered; if so it becomes the most recently read, else it goes. */
  const stillFresh = (entry: Entry): boolean => {
    entries.delete(entry.key);
    if (entry.expiresAt <= clock.now().getTime()) return false;
    entries.set(entry.key, entry);
    return true;
  };

  const cache: PublicCache = {
    enabled,
    get size() {
      return entries.size;
    },
    async answer(key, fill) {
      const answer = await cache.answerOrNull(key, fill);
      if (!answer) throw new Error(`no answer for ${key}`);
      return answer;
    },
    async answerOrNull(key, fill) {
      if (!enabled) {
        const filled = await fill();
        return filled ? toAnswer(filled) : null;
      }
      const entry = entries.get(key);
      if (entry && stillFresh(entry)) return entry;
      let pending = filling.get(key);
      if (!pending) {
        pending = fillAndKeep(key, fill);
        filling.set(key, pending);
      }
      return pending;
    },
    isCurrent(answer) {
      const key = (answer as Partial<Entry>).key;
      const entry = key === undefined ? undefined : entries.get(key);
      return entry === answer && stillFresh(entry);
    },
    invalidate(scope) {
      epoch += 1;
      // Readers arriving from now on must not wait for a read that began before the change.
      filling.clear();
      if (scope === EVERYTHING) {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) {
        if (entry.campaignId === null || (scope !== '' && entry.campaignId === scope)) entries.delete(key);
      }
    },
  };
  return cache;
}
