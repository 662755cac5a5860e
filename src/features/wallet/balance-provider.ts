import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { WALLET_BALANCE_VISIBILITY_KEY } from '../../../contracts/constants';
import { balanceMachine, selectBalance, selectIsVisible } from '../../../machines/wallet/balance.machine';
import { walletApi } from '../../lib/api/wallet';
import { subscribeToBalance } from '../../lib/realtime/balance-channel';
import { inspected } from '../../lib/inspect';

type StoredFlag = Pick<Storage, 'getItem' | 'setItem'>;

export interface BalanceServices {
  fetchBalance: (userId: string) => Promise<number>;
  subscribe: (userId: string, onBalance: (cents: number) => void) => () => void;
  storage: () => StoredFlag | null;
}

const browserStorage = (): StoredFlag | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings): the toggle still works for this page
  }
};

const defaultServices: BalanceServices = {
  fetchBalance: walletApi.fetchWalletBalance,
  subscribe: subscribeToBalance,
  storage: browserStorage,
};

/** The donor's last choice; visible unless they hid it (docs/spec.md §4). */
export function readBalanceVisibility(storage: StoredFlag | null): boolean {
  try {
    return storage?.getItem(WALLET_BALANCE_VISIBILITY_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The balance machine with its real side effects: the API, the donor's realtime channel, localStorage. */
export function provideBalanceMachine(services: BalanceServices = defaultServices) {
  return balanceMachine.provide({
    actors: {
      loadBalance: fromPromise(({ input }) => services.fetchBalance(input.userId)),
      realtimeBalance: fromCallback(({ input, sendBack }) => {
        try {
          return services.subscribe(input.userId, (balance) => sendBack({ type: 'balance.updated', balance }));
        } catch {
          return undefined; // no live updates: the loaded balance still shows
        }
      }),
    },
    actions: {
      rememberVisibility: (_, { visible }) => {
        try {
          services.storage()?.setItem(WALLET_BALANCE_VISIBILITY_KEY, String(visible));
        } catch {
          // not remembered; the page still hides or shows it
        }
      },
    },
  });
}

type BalanceActor = ActorRefFrom<typeof balanceMachine>;

/**
 * One balance actor per signed-in donor, shared by the header and /profile/wallet: one realtime
 * subscription, and hiding the balance in one place hides it in the other.
 */
const shared = new Map<string, { actor: BalanceActor; users: number }>();

function sharedEntry(userId: string, services: BalanceServices) {
  let entry = shared.get(userId);
  if (!entry) {
    const actor = createActor(
      provideBalanceMachine(services),
      inspected({ input: { userId, visible: readBalanceVisibility(services.storage()) } }),
    );
    entry = { actor, users: 0 };
    shared.set(userId, entry);
    actor.start();
  }
  return entry;
}

/** Keeps the donor's actor alive while a view uses it; the last view to go stops it (and its channel). */
function retain(userId: string, services: BalanceServices): { actor: BalanceActor; release: () => void } {
  const entry = sharedEntry(userId, services);
  entry.users += 1;
  const release = () => {
    entry.users -= 1;
    // Deferred: React may unmount and mount the same view at once (StrictMode, a route change).
    queueMicrotask(() => {
      if (entry.users > 0 || shared.get(userId) !== entry) return;
      shared.delete(userId);
      entry.actor.stop();
    });
  };
  return { actor: entry.actor, release };
}

export interface LiveBalance {
  /** Cents; null while loading. */
  balance: number | null;
  visible: boolean;
  toggle: () => void;
}

/** The donor's live balance for a view. `services` is for tests. */
export function useLiveBalance(userId: string, services: BalanceServices = defaultServices): LiveBalance {
  const [actor, setActor] = useState(() => sharedEntry(userId, services).actor);
  useEffect(() => {
    const lease = retain(userId, services);
    // Another user, or the actor was stopped between this view's render and its effect.
    setActor(lease.actor);
    return lease.release;
  }, [userId, services]);
  const balance = useSelector(actor, selectBalance);
  const visible = useSelector(actor, selectIsVisible);
  return { balance, visible, toggle: () => actor.send({ type: 'balance.toggled' }) };
}
