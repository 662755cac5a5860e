/**
 * Counts the wrong gift-card codes each donor types: after `max` within `windowMs` the next tries are
 * refused until the oldest leaves the window, so codes cannot be guessed by trying many. Right codes
 * do not count. A try counts as wrong from the moment it starts until it proves right, so many sent at
 * once cannot all slip in before the first wrong one is known. Kept in memory per node, like the other
 * rate limits (a shared store comes with REDIS_URL).
 */
export interface WrongCodeLimiter {
  /** A try of this donor's, counted until settled; null when the donor must wait. */
  attempt(userId: string, now: Date): CodeAttempt | null;
}

export interface CodeAttempt {
  /** The code was right: the try no longer counts. */
  right(): void;
}

export function createWrongCodeLimiter(options: { max: number; windowMs: number }): WrongCodeLimiter {
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
      if (counted.length >= options.max) return null;
      const entry = { at: now.getTime() };
      tries.set(userId, [...counted, entry]);
      return {
        right() {
          const left = (tries.get(userId) ?? []).filter((attempt) => attempt !== entry);
          if (left.length === 0) tries.delete(userId);
          else tries.set(userId, left);
        },
      };
    },
  };
}
