import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  taxonomyListMachine,
  type TaxonomyCommand,
  type TaxonomyItem,
  type TaxonomyListContext,
  type TaxonomyListMachine,
} from '../../../../machines/admin/taxonomy-list.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminTaxonomyApi, type TaxonomyKind } from '../../../lib/api/admin-taxonomy';

export interface TaxonomyListView extends Pick<TaxonomyListContext, 'items' | 'failure' | 'done'> {
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<TaxonomyListMachine>): TaxonomyListView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  items: snapshot.context.items,
  failure: snapshot.context.failure,
  done: snapshot.context.done,
});

/** The list machine of one admin page, on the admin API. */
export function useTaxonomyList(kind: TaxonomyKind) {
  const [machine] = useState(() =>
    taxonomyListMachine.provide({
      actors: {
        load: fromPromise<TaxonomyItem[]>(() => adminTaxonomyApi.list(kind)),
        run: fromPromise<unknown, TaxonomyCommand>(({ input }) => adminTaxonomyApi.run(kind, input)),
      },
    }),
  );
  return useMachineView(machine, selectView);
}
