import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { GiftCardOrderResult } from '../../../contracts';
import { batchProgressMachine } from '../../../machines/gift-card/batch-progress.machine';
import { useMachineView } from '../../app/machine-view';
import { giftCardOrdersApi } from '../../lib/api/gift-card-orders';
import { receiptFor } from '../../lib/receipts';

const selectProgress = (snapshot: SnapshotFrom<typeof batchProgressMachine>) => ({
  order: snapshot.context.order,
  issuing: snapshot.hasTag('state:issuing'),
});

/** The order as it is now while a company's batch is issued (read again every 2 s until every card is out). */
export function useBatchProgress(order: GiftCardOrderResult) {
  const [machine] = useState(() =>
    batchProgressMachine.provide({
      actors: {
        readOrder: fromPromise(({ input }: { input: { id: string } }) => giftCardOrdersApi.getOrder(input.id, receiptFor(input.id))),
      },
    }),
  );
  const [view] = useMachineView(machine, selectProgress, { input: { order } });
  return view;
}
