import { assign, fromPromise, setup } from 'xstate';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * A list of changes that need a second admin (/admin/pix-keys, /admin/pix-accounts; docs/admin.md):
 * one asks, another approves or rejects. `done` says which command went through, so the page says what
 * it did (asked and waiting; approved and in use; rejected).
 *
 *   loading ─► ready ──command.sent──► saving ─► loading (the list as the server has it now)
 *      │         ▲                       │
 *      ▼         └── refused (its reason shown, e.g. 'Outra pessoa da equipe precisa aprovar…')
 *   unavailable ──list.retried──► loading
 *
 * Pure: `load` and `run` come in with `.provide()`; the items are the page's (a key, an account).
 */

export interface ChangeItem {
  id: string;
  status: 'pending_approval' | 'active' | 'inactive' | 'rejected';
  /** The signed-in admin may approve or reject it (the server says so): the page offers the buttons only then. */
  can_decide: boolean;
  requested_by_me: boolean;
}

export type ApprovalCommand =
  { type: 'request'; input: Record<string, unknown> } | { type: 'approve'; id: string } | { type: 'reject'; id: string };

export interface ApprovalsContext {
  items: ChangeItem[];
  pending: ApprovalCommand | null;
  failure: FormFailure | null;
  done: ApprovalCommand['type'] | null;
}

export type ApprovalsEvent = { type: 'command.sent'; command: ApprovalCommand } | { type: 'list.retried' };

export const approvalsMachine = setup({
  types: { context: {} as ApprovalsContext, events: {} as ApprovalsEvent },
  actors: {
    load: fromPromise<ChangeItem[]>(async () => {
      throw new Error('approvals: load not provided');
    }),
    run: fromPromise<unknown, ApprovalCommand>(async () => {
      throw new Error('approvals: run not provided');
    }),
  },
}).createMachine({
  id: 'approvals',
  context: { items: [], pending: null, failure: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'list.retried': 'loading' } },
    ready: {
      tags: ['state:ready'],
      on: { 'command.sent': { target: 'saving', actions: assign({ pending: ({ event }) => event.command, failure: null, done: null }) } },
    },
    saving: {
      tags: ['state:ready', 'state:saving'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: assign({ done: ({ context }) => context.pending?.type ?? null, pending: null }) },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});
