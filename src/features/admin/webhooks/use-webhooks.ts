import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { FormFailure } from '../../../../machines/forms/form-failure';
import {
  webhooksMachine,
  type RevealedSecret,
  type WebhookCommand,
  type WebhooksLoaded,
  type WebhooksMachine,
} from '../../../../machines/admin/webhooks.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminWebhooksApi } from '../../../lib/api/admin-webhooks';

export interface WebhooksView extends WebhooksLoaded {
  opened: string | null;
  failure: FormFailure | null;
  done: WebhookCommand['type'] | null;
  revealed: RevealedSecret;
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<WebhooksMachine>): WebhooksView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  endpoints: snapshot.context.data.endpoints,
  deliveries: snapshot.context.data.deliveries,
  opened: snapshot.context.params.opened,
  failure: snapshot.context.failure,
  done: snapshot.context.done?.command ?? null,
  revealed: snapshot.context.done?.revealed ?? null,
});

/** The webhooks machine on the admin API. */
export function useWebhooks() {
  const [machine] = useState(() =>
    webhooksMachine.provide({
      actors: {
        load: fromPromise(({ input }) => adminWebhooksApi.load(input.params.opened)),
        run: fromPromise(({ input }) => adminWebhooksApi.run(input.command)),
      },
    }),
  );
  return useMachineView(machine, selectView, { input: {} });
}
