export type FairQueueRefusal = 'owner_full' | 'full';

interface Owner<T> {
  waiting: T[];
  running: number;
  /** The turn this owner last had; the lowest goes next. */
  servedAt: number;
}

/**
 * Waiting work taken in turns by owner rather than in order of arrival: whoever has had a turn least
 * recently goes next, and an owner with work under way waits for it to end before its next one, so one
 * person queueing many files delays everyone else by one file at most. Each owner may hold only
 * `perOwner` items (under way and waiting together), and all owners `total` waiting items.
 */
export class FairQueue<T> {
  private readonly owners = new Map<string, Owner<T>>();
  private waitingCount = 0;
  private turns = 0;

  constructor(private readonly limits: { perOwner: number; total: number }) {}

  get size(): number {
    return this.waitingCount;
  }

  /** Queues `item` for `owner`, or says why it may not wait. */
  offer(owner: string, item: T): FairQueueRefusal | null {
    // A newcomer counts as served just before the latest turn: it goes before whoever had that turn, yet
    // after anyone who has waited longer, so newcomers arriving one after another never starve a queue.
    const entry = this.owners.get(owner) ?? { waiting: [], running: 0, servedAt: this.turns - 0.5 };
    if (entry.waiting.length + entry.running >= this.limits.perOwner) return 'owner_full';
    if (this.waitingCount >= this.limits.total) return 'full';
    entry.waiting.push(item);
    this.owners.set(owner, entry);
    this.waitingCount++;
    return null;
  }

  /** The next item to start, marked under way until `done(owner)`; null when nobody free waits. */
  take(): { owner: string; item: T } | null {
    let next: [string, Owner<T>] | null = null;
    // Map order is arrival order: between equals, whoever came first.
    for (const candidate of this.owners) {
      const [, entry] = candidate;
      if (entry.running > 0 || entry.waiting.length === 0) continue;
      if (!next || entry.servedAt < next[1].servedAt) next = candidate;
    }
    if (!next) return null;
    const [owner, entry] = next;
    entry.running++;
    entry.servedAt = ++this.turns;
    this.waitingCount--;
    return { owner, item: entry.waiting.shift() as T };
  }

  /** `owner`'s item under way has ended; an owner with nothing left is forgotten. */
  done(owner: string): void {
    const entry = this.owners.get(owner);
    if (!entry) return;
    entry.running = Math.max(0, entry.running - 1);
    if (entry.running === 0 && entry.waiting.length === 0) this.owners.delete(owner);
  }

  /** Empties the queue, handing back every waiting item. */
  drain(): T[] {
    const items = [...this.owners.values()].flatMap((entry) => entry.waiting.splice(0));
    this.waitingCount = 0;
    return items;
  }
}
