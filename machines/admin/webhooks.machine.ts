import { assign, fromPromise, setup } from 'xstate';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '../../contracts/admin-webhooks';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * /admin/webhooks (docs/webhooks.md): the endpoints, the deliveries of the one opened, and each change.
 *
 *   loading ─► ready ──command.sent──► saving ─► loading (the endpoints as the server has them now)
 *      │         ├──endpoint.opened──► loading (with that endpoint's deliveries)
 *      ▼         └── a refused change ◄── saving (its reason shown)
 *   unavailable ──webhooks.retried──► loading
 *
 * A new endpoint's secret, and a rotated one, is kept in `revealed` to be shown this once; the next
 * change forgets it. Pure: `load` and `run` come in with `.provide()`.
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

export interface WebhooksContext extends WebhooksLoaded {
  opened: string | null;
  pending: WebhookCommand | null;
  failure: FormFailure | null;
  done: WebhookCommand['type'] | null;
  /** A secret to show once (a new endpoint's, or a rotation's). */
  revealed: { endpointId: string; secret: string } | null;
}

export type WebhooksEvent =
  | { type: 'command.sent'; command: WebhookCommand }
  | { type: 'endpoint.opened'; id: string | null }
  | { type: 'webhooks.retried' }
  | { type: 'secret.dismissed' };

export const webhooksMachine = setup({
  types: { context: {} as WebhooksContext, events: {} as WebhooksEvent },
  actors: {
    load: fromPromise<WebhooksLoaded, { opened: string | null }>(async () => {
      throw new Error('webhooks: load not provided');
    }),
    run: fromPromise<{ endpointId: string; secret: string } | null, WebhookCommand>(async () => {
      throw new Error('webhooks: run not provided');
    }),
  },
}).createMachine({
  id: 'webhooks',
  context: { endpoints: [], deliveries: null, opened: null, pending: null, failure: null, done: null, revealed: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ opened: context.opened }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ endpoints: event.output.endpoints, deliveries: event.output.deliveries })),
        },
        onError: 'unavailable',
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'webhooks.retried': 'loading' } },
    ready: {
      tags: ['state:ready'],
      on: {
        'command.sent': {
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.command, failure: null, done: null, revealed: null }),
        },
        'endpoint.opened': { target: 'loading', actions: assign({ opened: ({ event }) => event.id, deliveries: null }) },
        'secret.dismissed': { actions: assign({ revealed: null }) },
      },
    },
    saving: {
      tags: ['state:ready', 'state:saving'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loading',
          actions: assign({ done: ({ context }) => context.pending?.type ?? null, pending: null, revealed: ({ event }) => event.output }),
        },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});

export type WebhooksMachine = typeof webhooksMachine;
