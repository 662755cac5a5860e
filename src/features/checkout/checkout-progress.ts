import { CHECKOUT_STEPS, type CheckoutProgress } from '../../../machines/checkout/checkout.machine';

/**
 * A checkout's progress kept in sessionStorage (this tab only), so a visitor who leaves to sign in
 * from the checkout's prompt comes back to the same step with what they typed. Never a new card: the
 * machine's `progressOf` leaves it out. Cleared once the donation is made; stale after an hour.
 * Kept for the exact address it was saved at (the sign-in returns there): arriving anew with another
 * amount in the URL (the campaign page's donate box) starts from that amount, not the old progress.
 */

const PREFIX = 'semear.checkout:';
const MAX_AGE_MS = 60 * 60 * 1000;

interface Stored {
  savedAt: number;
  /** path + query of the page it was saved on. */
  at: string;
  progress: CheckoutProgress;
}

const here = (): string => (typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`);

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): the checkout simply starts over.
    return null;
  }
};

function isProgress(value: unknown): value is CheckoutProgress {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    CHECKOUT_STEPS.includes(p.step as never) &&
    (p.amount === null || (typeof p.amount === 'number' && Number.isInteger(p.amount))) &&
    typeof p.contact === 'object' &&
    p.contact !== null &&
    typeof p.message === 'string' &&
    typeof p.isAnonymous === 'boolean' &&
    (p.payment === null || (typeof p.payment === 'object' && (p.payment as { method?: unknown }).method !== 'card'))
  );
}

export function loadProgress(key: string, now: number = Date.now()): CheckoutProgress | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.savedAt !== 'number' || now - stored.savedAt > MAX_AGE_MS || stored.at !== here() || !isProgress(stored.progress))
      return null;
    return stored.progress;
  } catch {
    return null;
  }
}

export function saveProgress(key: string, progress: CheckoutProgress, now: number = Date.now()): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ savedAt: now, at: here(), progress } satisfies Stored));
  } catch {
    // Full or blocked storage: nothing to keep, nothing to break.
  }
}

export function clearProgress(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
}
