import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { FormFailure } from '../../../../machines/forms/form-failure';
import {
  taxonomyListMachine,
  type TaxonomyCommand,
  type TaxonomyItem,
  type TaxonomyListMachine,
} from '../../../../machines/admin/taxonomy-list.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminTaxonomyApi, type TaxonomyKind } from '../../../lib/api/admin-taxonomy';

export interface TaxonomyListView {
  items: TaxonomyItem[];
  failure: FormFailure | null;
  done: TaxonomyCommand['type'] | null;
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<TaxonomyListMachine>): TaxonomyListView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  items: snapshot.context.data,
  failure: snapshot.context.failure,
  done: snapshot.context.done,
});

/** The list machine of one admin page, on the admin API. */
export function useTaxonomyList(kind: TaxonomyKind) {
  const [machine] = useState(() =>
    taxonomyListMachine.provide({
      actors: {
        load: fromPromise(() => adminTaxonomyApi.list(kind)),
        run: fromPromise(({ input }) => adminTaxonomyApi.run(kind, input.command)),
      },
    }),
  );
  return useMachineView(machine, selectView, { input: {} });
}
