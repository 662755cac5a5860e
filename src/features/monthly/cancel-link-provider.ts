import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { cancelLinkMachine, type LinkedSubscription } from '../../../machines/monthly/cancel-link.machine';
import { subscriptionsApi } from '../../lib/api/subscriptions';
import { useMachineView } from '../../app/machine-view';

export interface CancelLinkServices {
  readCancelLink(token: string): Promise<LinkedSubscription>;
  cancelByLink(token: string): Promise<LinkedSubscription>;
}

export const realCancelLinkServices: CancelLinkServices = {
  readCancelLink: (token) => subscriptionsApi.readCancelLink(token),
  cancelByLink: (token) => subscriptionsApi.cancelByLink(token),
};

/** The cancel-link machine with the API (no sign-in: the signed token is the proof). */
export function useCancelLink(token: string | null, services: CancelLinkServices = realCancelLinkServices) {
  const [machine] = useState(() =>
    cancelLinkMachine.provide({
      actors: {
        lookUp: fromPromise(({ input }) => services.readCancelLink(input.key)),
        act: fromPromise(({ input }) => services.cancelByLink(input.key)),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectCancelLinkView, { input: { token } });
  return { view, confirm: () => send({ type: 'cancel.confirmed' }), retry: () => send({ type: 'link.retried' }) };
}

type CancelLinkScreen = 'loading' | 'confirm' | 'canceled' | 'alreadyCanceled' | 'invalid' | 'unavailable';
const screens: CancelLinkScreen[] = ['loading', 'confirm', 'canceled', 'alreadyCanceled', 'invalid', 'unavailable'];

/** What the cancel page shows: one screen, the amount being cancelled, and the last failure. */
export interface CancelLinkView {
  screen: CancelLinkScreen | null;
  amount: number | null;
  canceling: boolean;
  /** The confirm screen shows a failed attempt, with its error. */
  failed: boolean;
  error: unknown;
}

const selectCancelLinkView = (snapshot: SnapshotFrom<typeof cancelLinkMachine>): CancelLinkView => ({
  screen: screens.find((screen) => snapshot.hasTag(`state:${screen}`)) ?? null,
  amount: (snapshot.context.outcome ?? snapshot.context.found)?.amount ?? null,
  canceling: snapshot.hasTag('state:canceling'),
  failed: snapshot.hasTag('state:failed'),
  error: snapshot.context.failure,
});
