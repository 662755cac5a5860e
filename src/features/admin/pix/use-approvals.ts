import { useState } from 'react';
import { fromPromise } from 'xstate';
import { approvalsMachine, type ApprovalCommand, type ChangeItem } from '../../../../machines/admin/approvals.machine';
import { useMachineView } from '../../../app/machine-view';

/** The approvals machine on a page's calls; `T` is what the page lists (a key, an account). */
export function useApprovals<T extends ChangeItem>(load: () => Promise<T[]>, run: (command: ApprovalCommand) => Promise<void>) {
  const [machine] = useState(() =>
    approvalsMachine.provide({
      actors: { load: fromPromise<ChangeItem[], { params: object }>(() => load()), run: fromPromise(({ input }) => run(input.command)) },
    }),
  );
  return useMachineView(
    machine,
    (snapshot) => ({
      loading: snapshot.hasTag('state:loading'),
      unavailable: snapshot.hasTag('state:unavailable'),
      saving: snapshot.hasTag('state:saving'),
      items: snapshot.context.data as T[],
      failure: snapshot.context.failure,
      done: snapshot.context.done,
    }),
    { input: {} },
  );
}
