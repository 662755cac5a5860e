import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './types';

/**
 * Work that must only happen once a transaction's writes are committed (a metric counting a donation:
 * a rolled-back one never happened). `afterCommit` inside a transaction of a database passed through
 * `runningAfterCommits` waits for its commit, and is dropped if it rolls back; outside one the write it
 * follows has committed already, so it runs at once. A savepoint (`tx.transaction`) belongs to its
 * outer transaction: its work runs at the outer commit.
 */
interface Pending {
  works: Array<() => void>;
  /** Committed (or rolled back): work from a timer the transaction started, arriving later, runs at once. */
  over: boolean;
}
const pending = new AsyncLocalStorage<Pending>();
const WRAPPED = Symbol('semear.afterCommit');

export function afterCommit(work: () => void): void {
  const queue = pending.getStore();
  if (queue && !queue.over) queue.works.push(work);
  else work();
}

/** Makes `db.transaction` run its afterCommit work on commit (idempotent: several apps share a test's database). */
export function runningAfterCommits(db: Database): Database {
  const marked = db as Database & { [WRAPPED]?: true };
  if (marked[WRAPPED]) return db;
  const transaction = db.transaction.bind(db);
  // Each top-level transaction has a queue of its own, even one opened inside another's callback.
  db.transaction = (async (work, config) => {
    const queue: Pending = { works: [], over: false };
    try {
      const result = await pending.run(queue, () => transaction(work, config));
      for (const run of queue.works) run();
      return result;
    } finally {
      queue.over = true;
    }
  }) as Database['transaction'];
  marked[WRAPPED] = true;
  return db;
}
