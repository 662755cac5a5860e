import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ListMachine } from '../../machines/admin/list-machine';
import type { FormFailure } from '../../machines/forms/form-failure';
import { useMachineView } from './machine-view';

/** What a page on `createListMachine` shows: where the machine is, and its context as it stands. */
export interface ListView<Params, Data, Done> {
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
  /**
   * The page takes no command now (its list loads, a change is saved or confirmed): its buttons wait, since
   * the machine takes commands only when ready, and one sent meanwhile would be lost without a word.
   */
  busy: boolean;
  params: Params;
  data: Data;
  failure: FormFailure | null;
  done: Done | null;
}

/** The page's calls on the API: read what the server has (for these params), and make one change. */
export interface ListCalls<Params, Data, Command, Outcome> {
  load: (params: Params) => Promise<Data>;
  run: (command: Command) => Promise<Outcome>;
}

/**
 * A `createListMachine` page (team, webhooks, categories and tags, approvals; machines/admin/list-machine.ts):
 * its machine started with the page's calls, and its view and `send`. The calls are taken once, when the
 * page mounts, as the machine is.
 */
export function useListMachineView<Params extends object, Data, Command extends { type: string }, Outcome, Done>(
  machine: ListMachine<Params, Data, Command, Outcome, Done>,
  calls: ListCalls<Params, Data, Command, Outcome>,
) {
  const [provided] = useState(() =>
    machine.provide({
      actors: {
        load: fromPromise<Data, { params: Params }>(({ input }) => calls.load(input.params)),
        run: fromPromise<Outcome, { params: Params; command: Command }>(({ input }) => calls.run(input.command)),
      },
    }),
  );
  return useMachineView(
    provided,
    (snapshot): ListView<Params, Data, Done> => ({
      loading: snapshot.hasTag('state:loading'),
      unavailable: snapshot.hasTag('state:unavailable'),
      saving: snapshot.hasTag('state:saving'),
      busy: !snapshot.matches('ready'),
      params: snapshot.context.params,
      data: snapshot.context.data,
      failure: snapshot.context.failure,
      done: snapshot.context.done,
    }),
    { input: {} },
  );
}
