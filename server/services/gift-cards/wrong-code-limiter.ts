/**
 * Counts the wrong gift-card codes each donor types: after `max` within `windowMs` the next tries are
 * refused until the oldest leaves the window, so codes cannot be guessed by trying many. Right codes
 * do not count. Kept in memory per node, like the other rate limits (a shared store comes with REDIS_URL).
 */
export interface WrongCodeLimiter {
  /** Whether this donor may try a code now. */
  allows(userId: string, now: Date): boolean;
  /** A code this donor tried was wrong. */
  recordWrong(userId: string, now: Date): void;
}

export function createWrongCodeLimiter(options: { max: number; windowMs: number }): WrongCodeLimiter {
  const wrongTries = new Map<string, number[]>();
  const recent = (userId: string, now: Date): number[] => {
    const since = now.getTime() - options.windowMs;
    const tries = (wrongTries.get(userId) ?? []).filter((at) => at > since);
    if (tries.length === 0) wrongTries.delete(userId);
    else wrongTries.set(userId, tries);
    return tries;
  };
  return {
    allows: (userId, now) => recent(userId, now).length < options.max,
    recordWrong(userId, now) {
      wrongTries.set(userId, [...recent(userId, now), now.getTime()]);
    },
  };
}
