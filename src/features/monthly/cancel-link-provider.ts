import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { cancelLinkMachine, type LinkedSubscription } from '../../../machines/monthly/cancel-link.machine';
import { subscriptionsApi } from '../../lib/api/subscriptions';

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
        readLink: fromPromise(({ input }) => services.readCancelLink(input.token)),
        cancelByLink: fromPromise(({ input }) => services.cancelByLink(input.token)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { token } });
  return { snapshot, confirm: () => send({ type: 'cancel.confirmed' }), retry: () => send({ type: 'link.retried' }) };
}
