import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import type { AdminSystem } from '../../contracts/admin-system';
import { systemMachine } from '../../machines/admin/system.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the Sistema page's machine (issue 51; docs/admin.md, "Sistema"): every transition
 * replayed. "Atualizar" and "Fazer backup agora" read the system again; a refused backup keeps the page with its reason.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const system = (canBackUp: boolean): AdminSystem => ({
  alerts: [],
  queues: [{ name: 'mail', depth: 0, oldest_due_age_s: null }],
  backup: { applies: canBackUp, last: null, last_success_at: null },
  versions: {
    app: '0.1.0',
    node: 'v20.0.0',
    database: { engine: 'pglite', version: '17' },
    migrations: { applied: 1, known: 1 },
    build: null,
  },
  providers: [],
  can_back_up_now: canBackUp,
});
const refused = { status: 409, code: 'backup.running', messages: ['Um backup já está em andamento.'] };

describe('system machine', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: system(true) },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'command.sent', command: { type: 'refresh' } },
    { type: 'command.sent', command: { type: 'back_up' } },
    { type: 'xstate.done.actor.run', output: null },
    { type: 'xstate.error.actor.run', error: refused },
  ];
  const paths = pathsOf(systemMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(systemMachine, ['load', 'run']);
    const machine = systemMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof systemMachine>['context'];
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: {}, command: context.sent });
      if (context.failure) expect(context.failure.messages).toEqual(refused.messages);
    });
    const done = path.steps.filter((step) => step.event.type === 'xstate.done.actor.run').length;
    expect(controls.calls('load').length).toBeGreaterThanOrEqual(1 + done);
    actor.stop();
  });

  it('does not back up where the server does not offer it', () => {
    const controls = controllableActors(systemMachine, ['load', 'run']);
    const actor = createActor(systemMachine.provide({ actors: controls.actors }), { input: {} }).start();
    actor.send({ type: 'xstate.done.actor.load', output: system(false) } as never);
    actor.send({ type: 'command.sent', command: { type: 'back_up' } });
    expect(actor.getSnapshot().hasTag('state:saving')).toBe(false);
    actor.send({ type: 'command.sent', command: { type: 'refresh' } });
    expect(actor.getSnapshot().hasTag('state:saving')).toBe(true);
    actor.stop();
  });
});
