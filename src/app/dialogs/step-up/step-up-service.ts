import { createActor, fromPromise, type Actor } from 'xstate';
import { stepUpDialogMachine, type StepUpDialogMachine } from '../../../../machines/dialogs/step-up-dialog.machine';
import { methodsOf, type SecondFactorApi } from '../../../lib/api/second-factor';
import { pendingAnswer } from '../../../lib/actors/pending-answer';
import { inspected } from '../../../lib/inspect';

/** What a request waiting on the dialog is refused with when the person gives up. */
export class StepUpCancelledError extends Error {
  constructor() {
    super('step-up: cancelled');
    this.name = 'StepUpCancelledError';
  }
}

export interface StepUpService {
  actor: Actor<StepUpDialogMachine>;
  /** Opens the dialog; resolves once the factor was proved again, rejects when given up. */
  request(): Promise<void>;
}

/** The step-up dialog's actor with the real calls (POST /sessions/step-up, or the passkey pair). */
export function createStepUpService(api: Pick<SecondFactorApi, 'status' | 'stepUpWithCode' | 'stepUpWithPasskey'>): StepUpService {
  const answer = pendingAnswer(() => new StepUpCancelledError());
  const actor = createActor(
    stepUpDialogMachine.provide({
      actors: {
        loadMethods: fromPromise(async () => methodsOf(await api.status())),
        verifyCode: fromPromise(({ input }) => api.stepUpWithCode(input.code)),
        verifyPasskey: fromPromise(() => api.stepUpWithPasskey()),
      },
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
    request: () => {
      const answered = answer.wait();
      actor.send({ type: 'stepUp.opened' });
      return answered;
    },
  };
}
