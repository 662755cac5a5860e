import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { GiftCardOrderResult } from '../../contracts/gift-card-orders';
import { batchProgressMachine } from '../../machines/gift-card/batch-progress.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the batch page's progress: every path (a read with progress, the last read, a
 * failed read asked again, and an order with nothing to issue) replayed on a live actor. It reads
 * only while cards are left to issue, and stops once they are all issued.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const order = (status: GiftCardOrderResult['order']['status'], issued: number): GiftCardOrderResult =>
  ({
    order: { id: 'f1b0c6a2-4a8e-4a55-9a37-0e0c1b1d2e3f', kind: 'corporate', status, issued, quantity: 1000 },
    payment: { method: 'card', status: 'succeeded' },
  }) as GiftCardOrderResult;

const events: GraphEvent[] = [
  { type: 'xstate.after.poll.batchProgress.waiting' },
  { type: 'xstate.done.actor.readOrder', output: order('paid', 500) },
  { type: 'xstate.done.actor.readOrder', output: order('paid', 1000) },
  { type: 'xstate.error.actor.readOrder', error: { status: 0, messages: ['error.unknown'] } },
];

describe.each([
  ['a batch just paid', order('paid', 0)],
  ['a batch all issued', order('paid', 1000)],
  ['an order not paid', order('pending', 0)],
] as const)('batch progress: %s', (_name, start) => {
  const paths = pathsOf(batchProgressMachine, {
    input: { order: start },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { order: GiftCardOrderResult }).order.order.issued]),
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_path, path) => {
    const controls = controllableActors(batchProgressMachine, ['readOrder']);
    const machine = batchProgressMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: { order: start } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const { order: now } = snapshot.context as { order: GiftCardOrderResult };
      const left = now.order.status === 'paid' && now.order.issued < now.order.quantity;
      // Polling exactly while cards are left to issue.
      expect(snapshot.hasTag('state:issuing')).toBe(left);
      expect(snapshot.status === 'done').toBe(!left);
    });
    actor.stop();
  });
});
