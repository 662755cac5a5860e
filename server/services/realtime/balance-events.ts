import { isUuid } from '../../db/uuid';

/** The NOTIFY channel migration 0007 signals on, with the donor's id, at the commit of any wallet entry. */
export const WALLET_CHANGED_CHANNEL = 'semear_wallet_changed';

export interface BalanceEventsOptions {
  /** Whether anyone could receive it (the embedded endpoint knows; hosted Pusher: always true). */
  wanted(userId: string): boolean;
  readBalance(userId: string): Promise<number>;
  publish(userId: string, balanceCents: number): Promise<unknown>;
  onError(error: unknown, userId: string): void;
}

export interface BalanceEvents {
  /** A wallet changed: publish its balance, folding a burst into at most one more publish. */
  walletChanged(userId: string): void;
  /** Stops taking changes and waits for the publishes in flight. */
  stop(): Promise<void>;
}

/**
 * Per donor at most one read-and-publish runs; changes arriving meanwhile mark it dirty and cause
 * exactly one more, which reads the latest balance. So a burst of N commits sends 1 or 2 events, and
 * the last one always carries the final balance.
 */
export function createBalanceEvents(options: BalanceEventsOptions): BalanceEvents {
  const running = new Map<string, { dirty: boolean; done: Promise<void> }>();
  let stopped = false;

  const publishUntilClean = async (userId: string, state: { dirty: boolean }): Promise<void> => {
    do {
      state.dirty = false;
      try {
        await options.publish(userId, await options.readBalance(userId));
      } catch (error) {
        options.onError(error, userId);
      }
    } while (state.dirty && !stopped);
  };

  return {
    walletChanged(userId) {
      if (stopped || !isUuid(userId) || !options.wanted(userId)) return;
      const current = running.get(userId);
      if (current) {
        current.dirty = true;
        return;
      }
      const state = { dirty: false, done: Promise.resolve() };
      state.done = publishUntilClean(userId, state).finally(() => running.delete(userId));
      running.set(userId, state);
    },
    async stop() {
      stopped = true;
      await Promise.all([...running.values()].map((s) => s.done));
    },
  };
}
