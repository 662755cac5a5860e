import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { webhooksMachine } from '../../machines/admin/webhooks.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the webhooks page (issue 14): every transition replayed on a live actor. One
 * screen at a time; a new or rotated secret is shown until the next change or until dismissed; a
 * refused change keeps the list with the server's reason; opening an endpoint reads its deliveries.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const endpoint = {
  id: 'e1',
  url: 'https://erp.example.com/hook',
  description: '',
  events: ['donation.*'],
  enabled: true,
  disabled_reason: null,
  secret_hint: 'whsec_abcd…',
  previous_secret_until: null,
  created_at: '2026-11-25T12:00:00.000Z',
  deliveries: { succeeded: 0, pending: 0, failed: 0 },
};
const refused = { status: 400, code: 'webhook.url_refused', messages: ['Este endereço é da rede interna…'] };

describe('webhooks page machine', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: { endpoints: [endpoint], deliveries: null } },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'list.opened', params: { opened: 'e1' } },
    { type: 'command.sent', command: { type: 'create', input: { url: 'https://erp.example.com/hook', events: ['*'] } } },
    { type: 'command.sent', command: { type: 'test', id: 'e1' } },
    { type: 'xstate.done.actor.run', output: { endpointId: 'e1', secret: 'whsec_x' } },
    { type: 'xstate.done.actor.run', output: null },
    { type: 'xstate.error.actor.run', error: refused },
    { type: 'done.dismissed' },
  ];
  const paths = pathsOf(webhooksMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(webhooksMachine, ['load', 'run']);
    const machine = webhooksMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof webhooksMachine>['context'];
      const revealed = context.done?.revealed ?? null;
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:saving')) expect(context.sent).not.toBeNull();
      if (context.failure) expect(revealed).toBeNull();
      if (revealed) expect(context.done).not.toBeNull();
      // While another endpoint's deliveries load, none are shown.
      if (snapshot.hasTag('state:loading') && context.params.opened) expect(context.data.deliveries).toBeNull();
    });
    const loads = controls.calls('load') as Array<{ params: { opened: string | null } }>;
    if (path.steps.some((s) => s.event.type === 'list.opened')) expect(loads.map((l) => l.params.opened)).toContain('e1');
    actor.stop();
  });
});
