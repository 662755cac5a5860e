import { assign, setup, type SnapshotFrom } from 'xstate';

/**
 * The confirm dialog (docs/spec.md §2): title, description, confirm text and cancel text. Confirm resolves,
 * cancel or close rejects. One long-lived actor serves every confirmation: `resolve`/`reject` settle
 * the promise the app handed out when it sent `dialog.opened`. Opening over an open dialog rejects
 * the first request, so no promise is ever left pending.
 *
 * Texts are already-translated strings or undefined: the view shows its translated defaults
 * ('Confirmar', 'Cancelar') for undefined.
 */

export interface ConfirmRequest {
  title: string;
  description?: string;
  confirmText?: string;
  cancelText?: string;
}

export interface ConfirmDialogContext {
  request: ConfirmRequest | null;
}

export type ConfirmDialogEvent =
  | ({ type: 'dialog.opened' } & ConfirmRequest)
  | { type: 'dialog.confirmed' }
  | { type: 'dialog.cancelled' }
  /** Escape, the close button, a click outside. */
  | { type: 'dialog.closed' };

const requestOf = ({ event }: { event: ConfirmDialogEvent }): ConfirmRequest | null =>
  event.type === 'dialog.opened'
    ? { title: event.title, description: event.description, confirmText: event.confirmText, cancelText: event.cancelText }
    : null;

export const confirmDialogMachine = setup({
  types: {
    context: {} as ConfirmDialogContext,
    events: {} as ConfirmDialogEvent,
  },
  actions: {
    /** The user confirmed: settle the pending promise with success. */
    resolve: () => {},
    /** Cancelled, closed or replaced: settle the pending promise with a rejection. */
    reject: () => {},
  },
}).createMachine({
  id: 'confirmDialog',
  context: { request: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.opened': { target: 'open', actions: assign({ request: requestOf }) } },
    },
    open: {
      tags: ['state:open'],
      on: {
        'dialog.confirmed': { target: 'confirmed' },
        'dialog.cancelled': { target: 'cancelled' },
        'dialog.closed': { target: 'cancelled' },
        'dialog.opened': { target: 'open', reenter: true, actions: ['reject', assign({ request: requestOf })] },
      },
    },
    confirmed: {
      entry: 'resolve',
      on: { 'dialog.opened': { target: 'open', actions: assign({ request: requestOf }) } },
    },
    cancelled: {
      entry: 'reject',
      on: { 'dialog.opened': { target: 'open', actions: assign({ request: requestOf }) } },
    },
  },
});

export type ConfirmDialogMachine = typeof confirmDialogMachine;
export type ConfirmDialogSnapshot = SnapshotFrom<ConfirmDialogMachine>;
