import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { Database } from './types';

/** Statements and commits, as the database server sees them (an autocommitted statement is a commit of its own). */
export interface QueryTally {
  statements: number;
  commits: number;
}

/** The app's own work, and the sandbox gateway's (a stand-in for the card provider that happens to share the database). */
export interface QueryCounts {
  app: QueryTally;
  sandboxGateway: QueryTally;
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const SANDBOX_TABLE = /"sandbox_/;

/**
 * Counts what a piece of work costs the database (tests and `npm run bench`, never in production): pass
 * `logger` to drizzle, then `watch(db)` so its transactions are told apart from autocommitted statements.
 * A transaction that rolls back is no commit.
 */
export function createQueryCounter() {
  const inTransaction = new AsyncLocalStorage<{ sandbox: boolean }>();
  const zero = (): QueryCounts => ({ app: { statements: 0, commits: 0 }, sandboxGateway: { statements: 0, commits: 0 } });
  let counts = zero();
  const bucket = (sandbox: boolean) => (sandbox ? counts.sandboxGateway : counts.app);

  const logger: Logger = {
    logQuery(query) {
      if (CONTROL.test(query)) return;
      const sandbox = SANDBOX_TABLE.test(query);
      const transaction = inTransaction.getStore();
      if (transaction) {
        transaction.sandbox ||= sandbox;
        bucket(sandbox).statements++;
        return;
      }
      bucket(sandbox).statements++;
      bucket(sandbox).commits++;
    },
  };

  function watch(db: Database): void {
    const transaction = db.transaction.bind(db);
    db.transaction = (async (work, config) => {
      const scope = { sandbox: false };
      const result = await transaction((tx) => inTransaction.run(scope, () => work(tx)), config);
      bucket(scope.sandbox).commits++;
      return result;
    }) as Database['transaction'];
  }

  return {
    logger,
    watch,
    /** The counts since the last reset. */
    read: (): QueryCounts => structuredClone(counts),
    reset: () => {
      counts = zero();
    },
  };
}

export type QueryCounter = ReturnType<typeof createQueryCounter>;
