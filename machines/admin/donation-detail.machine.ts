import { assign, fromPromise, setup } from 'xstate';
import type { AdminDonationDetail, AdminRefund } from '../../contracts/admin-donations';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * One donation on /admin/donations (docs/admin.md): its whole history, and the refunds asked for,
 * approved or rejected from it.
 *
 *   loading ─► ready ──command.sent (refund)──► confirming ──confirmed──► running ─► loading
 *      │         ▲  └──command.sent (approve, reject)────────────────────────┘  │      (the donation as
 *      │         ├── cancelled ◄── confirming                                    │       the server has it)
 *      ▼         └── refused (its reason) ◄──────────────────────────────────────┘
 *   unavailable ──detail.retried──► loading
 *
 * A refund is asked only once the admin confirmed it (the dialog says the amount, what happens, and
 * that above `approval_needed_above` it waits for a second admin). What the server answered stays in
 * `outcome` (done, waiting for approval, refused by the provider with its reason, rejected), so the
 * view says what happened, not only that something was sent. A refund carries its Idempotency-Key from
 * the event, so retrying the same request refunds once. Pure: `load`, `confirmRefund` and `run` come in
 * with `.provide()`.
 */

export type RefundCommand = { type: 'refund'; amount: number; reason: string; key: string };
export type DonationCommand = RefundCommand | { type: 'approve'; refundId: string } | { type: 'reject'; refundId: string };

/** What a command came to: the refund as the server answered it. */
export interface CommandOutcome {
  command: DonationCommand['type'];
  refund: AdminRefund;
}

export interface DonationDetailContext {
  id: string;
  detail: AdminDonationDetail | null;
  pending: DonationCommand | null;
  failure: FormFailure | null;
  outcome: CommandOutcome | null;
}

export type DonationDetailEvent = { type: 'command.sent'; command: DonationCommand } | { type: 'detail.retried' };

export const donationDetailMachine = setup({
  types: { context: {} as DonationDetailContext, events: {} as DonationDetailEvent, input: {} as { id: string } },
  actors: {
    load: fromPromise<AdminDonationDetail, { id: string }>(async () => {
      throw new Error('donation detail: load not provided');
    }),
    /** Resolves when the admin confirms the refund, rejects when they step back. */
    confirmRefund: fromPromise<void, { command: RefundCommand; detail: AdminDonationDetail }>(async () => {
      throw new Error('donation detail: confirmRefund not provided');
    }),
    run: fromPromise<AdminRefund, { id: string; command: DonationCommand }>(async () => {
      throw new Error('donation detail: run not provided');
    }),
  },
  guards: {
    isRefund: ({ event }) => event.type === 'command.sent' && event.command.type === 'refund',
  },
  actions: {
    keep: assign({
      pending: ({ event }) => (event.type === 'command.sent' ? event.command : null),
      failure: null,
      outcome: null,
    }),
  },
}).createMachine({
  id: 'donationDetail',
  context: ({ input }) => ({ id: input.id, detail: null, pending: null, failure: null, outcome: null }),
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
      on: {
        'command.sent': [
          { guard: 'isRefund', target: 'confirming', actions: 'keep' },
          { target: 'running', actions: 'keep' },
        ],
      },
    },
    confirming: {
      tags: ['state:ready', 'state:confirming'],
      invoke: {
        id: 'confirmRefund',
        src: 'confirmRefund',
        input: ({ context }) => ({ command: context.pending as RefundCommand, detail: context.detail! }),
        onDone: 'running',
        onError: { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    running: {
      tags: ['state:ready', 'state:running'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => ({ id: context.id, command: context.pending! }),
        onDone: {
          target: 'loading',
          actions: assign({
            outcome: ({ context, event }) => ({ command: context.pending!.type, refund: event.output }),
            pending: null,
          }),
        },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});

export type DonationDetailMachine = typeof donationDetailMachine;
