import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { webhooksMachine, type WebhooksContext, type WebhooksMachine } from '../../../../machines/admin/webhooks.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminWebhooksApi } from '../../../lib/api/admin-webhooks';

export interface WebhooksView extends Omit<WebhooksContext, 'pending'> {
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<WebhooksMachine>): WebhooksView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  endpoints: snapshot.context.endpoints,
  deliveries: snapshot.context.deliveries,
  opened: snapshot.context.opened,
  failure: snapshot.context.failure,
  done: snapshot.context.done,
  revealed: snapshot.context.revealed,
});

/** The webhooks machine on the admin API. */
export function useWebhooks() {
  const [machine] = useState(() =>
    webhooksMachine.provide({
      actors: {
        load: fromPromise(({ input }) => adminWebhooksApi.load(input.opened)),
        run: fromPromise(({ input }) => adminWebhooksApi.run(input)),
      },
    }),
  );
  return useMachineView(machine, selectView);
}
