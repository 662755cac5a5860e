import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '../../contracts/admin-webhooks';
import { createListMachine, type ListEvent } from './list-machine';

/**
 * /admin/webhooks (docs/webhooks.md): the endpoints, the deliveries of the one opened, and each change,
 * in the shape of `createListMachine` (loading → ready → saving → loading; `list.retried`).
 *
 * `list.opened` with `{ opened }` reads again with that endpoint's deliveries (none shown meanwhile). A
 * new endpoint's secret, and a rotated one, is kept in `done.revealed` to be shown this once: the next
 * change forgets it, and `done.dismissed` forgets it while the page still says what was done.
 */

export type WebhookCommand =
  | { type: 'create'; input: WebhookEndpointInput }
  | { type: 'setEnabled'; id: string; enabled: boolean }
  | { type: 'delete'; id: string }
  | { type: 'rotate'; id: string }
  | { type: 'test'; id: string }
  | { type: 'replay'; id: string; deliveryId: string };

export interface WebhooksLoaded {
  endpoints: WebhookEndpoint[];
  /** The opened endpoint's latest deliveries, or null when none is open. */
  deliveries: WebhookDelivery[] | null;
}

/** A secret to show once (a new endpoint's, or a rotation's): what `run` answers for those. */
export type RevealedSecret = { endpointId: string; secret: string } | null;

export interface WebhooksDone {
  command: WebhookCommand['type'];
  revealed: RevealedSecret;
}

/** Which endpoint's deliveries are shown (null: none is open). */
export interface WebhooksParams {
  opened: string | null;
}

const noneOpened: WebhooksParams = { opened: null };
const nothingLoaded: WebhooksLoaded = { endpoints: [], deliveries: null };

export const webhooksMachine = createListMachine({
  id: 'webhooks',
  params: noneOpened,
  data: nothingLoaded,
  doneOf: (command: WebhookCommand, revealed: RevealedSecret): WebhooksDone => ({ command: command.type, revealed }),
  reopened: (data) => ({ ...data, deliveries: null }),
  dismissed: (done) => ({ ...done, revealed: null }),
});

export type WebhooksMachine = typeof webhooksMachine;
export type WebhooksEvent = ListEvent<WebhooksParams, WebhookCommand>;
