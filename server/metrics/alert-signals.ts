/**
 * What the alerts need that only this process sees (docs/deploy.md, "Alerts"): each provider's calls and
 * errors, and webhooks whose signature did not verify, over the last 5 minutes. Kept in memory per node, like
 * the Prometheus counters beside them: a failing provider or a forger fails on whichever node serves the
 * request, and writing a row per call would put a write on every payment's path. Each node checks its own
 * counts every minute (alerts/node-checks.ts); the alert row itself is shared, so two nodes seeing the same
 * trouble raise it once.
 */

export const SIGNAL_WINDOW_MS = 5 * 60_000;
/** Counts kept per 10 s slot: memory stays bounded (30 slots per name) whatever the traffic. */
const SLOT_MS = 10_000;

interface Slot {
  at: number;
  count: number;
}

/** A count per name over a sliding window, plus the last moment each was counted. */
export class WindowCounter {
  private readonly slots = new Map<string, Slot[]>();
  private readonly last = new Map<string, number>();

  add(name: string, now = Date.now()): void {
    const at = now - (now % SLOT_MS);
    const slots = this.slots.get(name) ?? [];
    const newest = slots.at(-1);
    if (newest && newest.at === at) newest.count += 1;
    else slots.push({ at, count: 1 });
    while (slots.length > 0 && slots[0]!.at <= now - SIGNAL_WINDOW_MS - SLOT_MS) slots.shift();
    this.slots.set(name, slots);
    this.last.set(name, now);
  }

  /** How many were counted in the window ending `now`, by name. */
  counts(now = Date.now()): Map<string, number> {
    const found = new Map<string, number>();
    for (const [name, slots] of this.slots) {
      const sum = slots.filter((slot) => slot.at > now - SIGNAL_WINDOW_MS).reduce((total, slot) => total + slot.count, 0);
      found.set(name, sum);
    }
    return found;
  }

  lastAt(name: string): number | null {
    return this.last.get(name) ?? null;
  }

  names(): string[] {
    return [...this.slots.keys()];
  }

  clear(): void {
    this.slots.clear();
    this.last.clear();
  }
}

/** Calls to each payment provider (by its name), and those that threw. */
export const providerCalls = new WindowCounter();
export const providerErrors = new WindowCounter();
/** Provider webhooks refused because their signature did not verify, by gateway name. */
export const forgedWebhooks = new WindowCounter();

/** Tests start from nothing counted. */
export function clearAlertSignals(): void {
  providerCalls.clear();
  providerErrors.clear();
  forgedWebhooks.clear();
}
