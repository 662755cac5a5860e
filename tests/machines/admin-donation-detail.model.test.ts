import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { donationDetailMachine, type DonationDetailContext } from '../../machines/admin/donation-detail.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of one donation on /admin/donations (issue 14): every transition replayed. A refund,
 * an approval or a rejection reloads the donation; a refused one keeps it with the server's reason; a
 * refund sends the Idempotency-Key it was given, the same on a retry of the same request.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const detail = { id: 'd1', amount: 10_000, refundable: 10_000, refunds: [] };
const tooMuch = { status: 422, code: 'refund.too_much', messages: ['O valor passa do que ainda pode ser reembolsado desta doação.'] };

describe('donation detail machine', () => {
  const refund = { type: 'refund' as const, amount: 3000, reason: 'Duplicada', key: 'key-1' };
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: detail },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'detail.retried' },
    { type: 'command.sent', command: refund },
    { type: 'command.sent', command: { type: 'approve', refundId: 'r1' } },
    { type: 'xstate.done.actor.run', output: null },
    { type: 'xstate.error.actor.run', error: tooMuch },
  ];
  const paths = pathsOf(donationDetailMachine, { input: { id: 'd1' }, events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(['load', 'run'] as const);
    const machine = donationDetailMachine.provide({ actors: controls.actors as never });
    const actor = createActor(machine, { input: { id: 'd1' } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as DonationDetailContext;
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:running')) expect(context.pending).not.toBeNull();
      if (context.failure) expect(context.failure.status).toBe(422);
    });
    for (const input of controls.calls('run') as Array<{ id: string; command: { type: string; key?: string } }>) {
      expect(input.id).toBe('d1');
      if (input.command.type === 'refund') expect(input.command.key).toBe('key-1');
    }
    actor.stop();
  });
});
