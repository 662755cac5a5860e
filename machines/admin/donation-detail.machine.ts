import { assign, fromPromise, setup } from 'xstate';
import type { AdminDonationDetail } from '../../contracts/admin-donations';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * One donation on /admin/donations (docs/admin.md): its whole history, and the refunds asked for,
 * approved or rejected from it.
 *
 *   loading ─► ready ──command.sent──► running ─► loading (the donation as the server has it now)
 *      │         ▲                        │
 *      ▼         └── refused (its reason) ┘
 *   unavailable ──detail.retried──► loading
 *
 * A refund carries its Idempotency-Key from the event, so retrying the same request refunds once.
 * Pure: `load` and `run` come in with `.provide()`.
 */

export type DonationCommand =
  | { type: 'refund'; amount: number; reason: string; key: string }
  | { type: 'approve'; refundId: string }
  | { type: 'reject'; refundId: string };

export interface DonationDetailContext {
  id: string;
  detail: AdminDonationDetail | null;
  pending: DonationCommand | null;
  failure: FormFailure | null;
  done: DonationCommand['type'] | null;
}

export type DonationDetailEvent = { type: 'command.sent'; command: DonationCommand } | { type: 'detail.retried' };

export const donationDetailMachine = setup({
  types: { context: {} as DonationDetailContext, events: {} as DonationDetailEvent, input: {} as { id: string } },
  actors: {
    load: fromPromise<AdminDonationDetail, { id: string }>(async () => {
      throw new Error('donation detail: load not provided');
    }),
    run: fromPromise<unknown, { id: string; command: DonationCommand }>(async () => {
      throw new Error('donation detail: run not provided');
    }),
  },
}).createMachine({
  id: 'donationDetail',
  context: ({ input }) => ({ id: input.id, detail: null, pending: null, failure: null, done: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'detail.retried': 'loading' } },
    ready: {
      tags: ['state:ready'],
      on: { 'command.sent': { target: 'running', actions: assign({ pending: ({ event }) => event.command, failure: null, done: null }) } },
    },
    running: {
      tags: ['state:ready', 'state:running'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => ({ id: context.id, command: context.pending! }),
        onDone: { target: 'loading', actions: assign({ done: ({ context }) => context.pending?.type ?? null, pending: null }) },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});

export type DonationDetailMachine = typeof donationDetailMachine;
