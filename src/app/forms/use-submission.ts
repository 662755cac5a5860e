import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { formSubmissionMachine } from '../../../machines/auth/form-submission.machine';
import type { FormFailure } from './form-failure';
import { reportError } from '../report-error';
import { sameFields } from '../machine-view';
import { inspected } from '../../lib/inspect';

export interface SubmissionImplementation<TValues, TOutput> {
  /** The API call(s); only provider hooks pass this, never a view. */
  submit: (values: TValues) => Promise<TOutput>;
  onSuccess?: (output: TOutput) => void;
  /** Besides the form's own alert, which always shows the failure (and is the only place it shows). */
  onFailure?: (failure: FormFailure, error: unknown) => void;
}

/**
 * Runs `formSubmissionMachine` with real implementations. The machine is provided once (an actor
 * keeps the machine it started with); the latest callbacks are read through a ref so a re-render
 * with a new `navigate` or return URL is still honoured.
 */
export function useSubmission<TValues, TOutput>(implementation: SubmissionImplementation<TValues, TOutput>) {
  const latest = useRef(implementation);
  useEffect(() => {
    latest.current = implementation;
  });
  const [machine] = useState(() =>
    formSubmissionMachine.provide({
      actors: { submit: fromPromise(({ input }) => latest.current.submit(input.values as TValues)) },
      actions: {
        succeeded: (_, { output }) => latest.current.onSuccess?.(output as TOutput),
        failed: (_, { failure, error }) => {
          // A form's failure belongs to the form: its FailureAlert says it, so no toast.
          reportError(error, 'inline');
          latest.current.onFailure?.(failure, error);
        },
      },
    }),
  );
  const actor = useActorRef(machine, inspected({}));
  const view = useSelector(actor, selectSubmissionView, sameFields);
  return { view, submit: (values: TValues) => actor.send({ type: 'form.submitted', values }) };
}

/** What a form shows of its submission. */
export interface SubmissionView {
  submitting: boolean;
  succeeded: boolean;
  /** Only while failed: the form's alert says it. */
  failure: FormFailure | null;
}

const selectSubmissionView = (snapshot: SnapshotFrom<typeof formSubmissionMachine>): SubmissionView => ({
  submitting: snapshot.hasTag('state:submitting'),
  succeeded: snapshot.hasTag('state:succeeded'),
  failure: snapshot.hasTag('state:failed') ? snapshot.context.failure : null,
});
