import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { PAYMENT_POLL_MS } from '../../contracts';
import { pixPaymentMachine } from '../../machines/checkout/pix-payment.machine';
import { donationResult, pixCheck } from './checkout.fixtures';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

const created = donationResult('pix', 'pending');
const opened = { id: created.donation.id, receiptToken: 'receipt-1', payment: created.payment };
const stillPending = pixCheck('pending');
const paid = pixCheck('confirmed');
const expired = pixCheck('expired');

function harness() {
  const fakes = controllableActors(pixPaymentMachine, ['checkPayment']);
  const machine = pixPaymentMachine.provide({ actors: { checkPayment: fakes.actors.checkPayment } });
  return { actor: createActor(machine, { input: opened }), fakes };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PIX payment polling: model-based', () => {
  const events: GraphEvent[] = [
    { type: `xstate.after.pollInterval.pixPayment.waiting` },
    { type: 'xstate.done.actor.checkPayment', output: stillPending },
    { type: 'xstate.done.actor.checkPayment', output: paid },
    { type: 'xstate.done.actor.checkPayment', output: expired },
    { type: 'xstate.error.actor.checkPayment', error: new Error('network') },
  ];
  // Context only changes on the way into the final state, so the graph is small and finite.
  const paths = pathsOf(pixPaymentMachine, { events, input: opened });

  it('reaches waiting, checking and both endings (paid, expired)', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(new Set(['"waiting"', '"checking"', '"settled"']));
    const outcomes = new Set(paths.filter((p) => p.state.value === 'settled').map((p) => (p.state.context as { outcome: string }).outcome));
    expect(outcomes).toEqual(new Set(['confirmed', 'expired']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, fakes } = harness();
    actor.start();
    await replayPath(actor, pixPaymentMachine, path, fakes, (snapshot: AnyMachineSnapshot) => {
      // The page keeps saying "waiting" until the donation is settled, whatever a check answered.
      expect(snapshot.hasTag('state:waiting')).toBe(snapshot.status === 'active');
    });
    // Every check asks for this donation with the receipt token the checkout got when it was created.
    for (const input of fakes.calls('checkPayment')) expect(input).toEqual({ id: opened.id, receiptToken: 'receipt-1' });
    actor.stop();
  });
});

describe('PIX payment polling: rules', () => {
  it('asks every PAYMENT_POLL_MS, keeps asking after a failed check, and ends with the outcome, asking each time with the receipt token', async () => {
    const { actor, fakes } = harness();
    actor.start();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - 1);
    expect(fakes.calls('checkPayment')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.calls('checkPayment')).toHaveLength(1);
    fakes.reject('checkPayment', new Error('offline'));
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(fakes.calls('checkPayment')).toHaveLength(2);
    fakes.resolve('checkPayment', paid);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'confirmed', payment: paid.payment });
    // Every check carried the receipt token the checkout got when the charge was created.
    expect(fakes.calls('checkPayment')).toEqual([
      { id: opened.id, receiptToken: 'receipt-1' },
      { id: opened.id, receiptToken: 'receipt-1' },
    ]);
  });
});
