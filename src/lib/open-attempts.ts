/**
 * The payment attempt a checkout page has open, kept in localStorage so it outlives a reload and a
 * closed tab (docs/checkout.md "Lost answers"): its Idempotency-Key, written before the request
 * leaves and removed once the attempt has its final answer (confirmed, declined, a PIX paid or
 * expired). A page that finds one asks the server what became of it (GET …/attempts/{key}) before
 * anything else, and any new attempt at it reuses the key, so the server answers it with the first.
 * Only the key is kept: never a card, and the key alone charges nothing.
 */

const PREFIX = 'semear.attempt:';
/** The server keeps answers for a day (IDEMPOTENCY_RETENTION_MS): an older key says nothing. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Stored {
  key: string;
  savedAt: number;
}

export interface OpenAttempts {
  /** The key of the attempt left without a final answer, or null. */
  open(): string | null;
  /** An attempt is about to be sent with `key`. */
  begin(key: string): void;
  /** The attempt has its final answer: nothing is left to ask about. */
  settle(): void;
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (privacy settings): a reload then starts over, as before.
    return null;
  }
}

/** The open attempt of one checkout page (`page`: its progress key, e.g. `donate:<slug>`, `doacao-pix`). */
export function openAttempts(page: string, now: () => number = Date.now): OpenAttempts {
  const name = PREFIX + page;
  return {
    open() {
      try {
        const raw = local()?.getItem(name);
        if (!raw) return null;
        const stored = JSON.parse(raw) as Partial<Stored>;
        const fresh = typeof stored.savedAt === 'number' && now() - stored.savedAt < MAX_AGE_MS;
        return fresh && typeof stored.key === 'string' ? stored.key : null;
      } catch {
        return null;
      }
    },
    begin(key) {
      try {
        local()?.setItem(name, JSON.stringify({ key, savedAt: now() } satisfies Stored));
      } catch {
        // Full or blocked storage: the attempt goes on, only a reload cannot find it.
      }
    },
    settle() {
      try {
        local()?.removeItem(name);
      } catch {
        // As above.
      }
    },
  };
}

/** No page to keep attempts for (tests, or a checkout without a progress key). */
export const noOpenAttempts: OpenAttempts = { open: () => null, begin: () => {}, settle: () => {} };
