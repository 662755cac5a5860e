import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { donationDetailMachine } from '../../machines/admin/donation-detail.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of one donation on /admin/donations (issues 14, 22): every transition replayed. A
 * refund is sent only once confirmed (stepping back sends nothing); an approval or a rejection goes at
 * once. Each reloads the donation and keeps what the server answered (the refund done, waiting, or
 * refused with the provider's reason); a refused request keeps it with the server's reason; a refund
 * sends the Idempotency-Key it was given, the same on a retry of the same request.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const detail = { id: 'd1', amount: 10_000, refundable: 10_000, approval_threshold: 100_000, approval_needed_above: 100_000, refunds: [] };
const answered = { id: 'r1', amount: 3000, status: 'failed', failure_reason: 'refund.card_closed', can_decide: false };
const tooMuch = { status: 422, code: 'refund.too_much', messages: ['O valor passa do que ainda pode ser reembolsado desta doação.'] };

describe('donation detail machine', () => {
  const refund = { type: 'refund' as const, amount: 3000, reason: 'Duplicada', key: 'key-1' };
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: detail },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'command.sent', command: refund },
    { type: 'command.sent', command: { type: 'approve', refundId: 'r1' } },
    { type: 'xstate.done.actor.confirm', output: refund },
    { type: 'xstate.error.actor.confirm', error: new Error('confirm: cancelled') },
    { type: 'xstate.done.actor.run', output: answered },
    { type: 'xstate.error.actor.run', error: tooMuch },
  ];
  const paths = pathsOf(donationDetailMachine, { input: { id: 'd1' }, events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(donationDetailMachine, ['load', 'confirm', 'run']);
    const machine = donationDetailMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: { id: 'd1' } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof donationDetailMachine>['context'];
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:saving') || snapshot.hasTag('state:confirming')) expect(context.sent).not.toBeNull();
      if (snapshot.hasTag('state:confirming')) expect(context.sent?.type).toBe('refund');
      if (context.failure) expect(context.failure.status).toBe(422);
      if (context.done) expect(context.done.refund).toEqual(answered);
    });
    // Nothing is sent without a confirmation: every refund run follows a confirmed dialog.
    const confirmed = path.steps.filter((step) => step.event.type === 'xstate.done.actor.confirm').length;
    const refundsRun = (controls.calls('run') as Array<{ command: { type: string } }>).filter((c) => c.command.type === 'refund').length;
    expect(refundsRun).toBe(confirmed);
    for (const input of controls.calls('confirm') as Array<{
      command: { amount: number };
      data: { approval_needed_above: number };
    }>) {
      expect(input).toMatchObject({ command: { amount: 3000 }, data: { approval_needed_above: 100_000 } });
    }
    for (const input of controls.calls('run') as Array<{ params: { id: string }; command: { type: string; key?: string } }>) {
      expect(input.params.id).toBe('d1');
      if (input.command.type === 'refund') expect(input.command.key).toBe('key-1');
    }
    actor.stop();
  });
});
