import { createActor, type Actor } from 'xstate';
import { confirmDialogMachine, type ConfirmDialogMachine, type ConfirmRequest } from '../../../machines/dialogs/confirm-dialog.machine';
import { inspected } from '../inspect';
import { pendingAnswer } from './pending-answer';

/** What `confirm()` rejects with when the user cancels or closes the dialog. */
export class ConfirmCancelledError extends Error {
  constructor() {
    super('confirm: cancelled');
    this.name = 'ConfirmCancelledError';
  }
}

export interface ConfirmService {
  /** The dialog actor the view renders (`state:open`, `context.request`) and sends events to. */
  actor: Actor<ConfirmDialogMachine>;
  /** Opens the dialog; resolves on confirm, rejects with ConfirmCancelledError on cancel/close. */
  confirm(request: ConfirmRequest): Promise<void>;
}

export function createConfirmService(): ConfirmService {
  const answer = pendingAnswer(() => new ConfirmCancelledError());
  const actor = createActor(
    confirmDialogMachine.provide({
      actions: {
        resolve: answer.resolve,
        reject: answer.reject,
      },
    }),
    inspected({}),
  );
  actor.start();
  return {
    actor,
    confirm: (request) => {
      // Sent before `pending` is replaced: opening over an open dialog rejects the older request.
      actor.send({ type: 'dialog.opened', ...request });
      return answer.wait();
    },
  };
}
