import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from '../support/replay';
import { confirmDialogMachine, type ConfirmDialogEvent, type ConfirmRequest } from '../../../machines/dialogs/confirm-dialog.machine';

const deleteCard: ConfirmRequest = { title: 'Excluir cartão?', description: 'Esta ação não pode ser desfeita.', confirmText: 'Excluir' };
const leave: ConfirmRequest = { title: 'Sair?', cancelText: 'Ficar' };

function harness() {
  const settled: string[] = [];
  const actor = createActor(
    confirmDialogMachine.provide({
      actions: { resolve: () => settled.push('resolve'), reject: () => settled.push('reject') },
    }),
  );
  actor.start();
  return { actor, settled };
}

describe('confirm dialog: model-based (createTestModel: no invoke, no after)', () => {
  const model = createTestModel(confirmDialogMachine, {
    events: [
      { type: 'dialog.opened', ...deleteCard },
      { type: 'dialog.opened', ...leave },
      { type: 'dialog.confirmed' },
      { type: 'dialog.cancelled' },
      { type: 'dialog.closed' },
    ],
    // The second request only ever replaces an open one: that is the case it exists for, and it
    // keeps the number of simple paths small.
    filterEvents: (snapshot, event) => !(event.type === 'dialog.opened' && event.title === leave.title && !snapshot.hasTag('state:open')),
  });
  const paths = coveringPaths(model.getShortestPaths(), model.getSimplePaths());

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
    const { actor, settled } = harness();
    let expectedSettled: string[] = [];
    await path.test({
      events: {
        'dialog.opened': ({ event }) => {
          if (actor.getSnapshot().hasTag('state:open')) expectedSettled = [...expectedSettled, 'reject'];
          actor.send(event as ConfirmDialogEvent);
        },
        'dialog.confirmed': ({ event }) => {
          expectedSettled = [...expectedSettled, 'resolve'];
          actor.send(event);
        },
        'dialog.cancelled': ({ event }) => {
          expectedSettled = [...expectedSettled, 'reject'];
          actor.send(event);
        },
        'dialog.closed': ({ event }) => {
          expectedSettled = [...expectedSettled, 'reject'];
          actor.send(event);
        },
      },
      states: {
        '*': (state) => {
          const live = actor.getSnapshot();
          expect(live.value).toEqual(state.value);
          expect([...live.tags]).toEqual([...state.tags]);
          expect(live.context).toEqual(state.context);
          // Every open request is settled exactly once, the way it ended.
          expect(settled).toEqual(expectedSettled);
        },
      },
    });
  });
});

describe('confirm dialog: spec rules', () => {
  it('opens with title, description, confirm text and cancel text (undefined: the view default)', () => {
    const { actor } = harness();
    actor.send({ type: 'dialog.opened', ...deleteCard });
    expect(actor.getSnapshot().hasTag('state:open')).toBe(true);
    expect(actor.getSnapshot().context.request).toEqual({ ...deleteCard, cancelText: undefined });
  });

  it('confirm resolves', () => {
    const { actor, settled } = harness();
    actor.send({ type: 'dialog.opened', ...deleteCard });
    actor.send({ type: 'dialog.confirmed' });
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(actor.getSnapshot().hasTag('state:open')).toBe(false);
    expect(settled).toEqual(['resolve']);
  });

  it.each(['dialog.cancelled', 'dialog.closed'] as const)('%s rejects', (type) => {
    const { actor, settled } = harness();
    actor.send({ type: 'dialog.opened', ...leave });
    actor.send({ type });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(settled).toEqual(['reject']);
  });

  it('opening over an open dialog rejects the first request', () => {
    const { actor, settled } = harness();
    actor.send({ type: 'dialog.opened', ...deleteCard });
    actor.send({ type: 'dialog.opened', ...leave });
    expect(settled).toEqual(['reject']);
    expect(actor.getSnapshot().context.request?.title).toBe('Sair?');
  });

  it('confirm or cancel with nothing open does nothing', () => {
    const resolve = vi.fn();
    const reject = vi.fn();
    const actor = createActor(confirmDialogMachine.provide({ actions: { resolve, reject } })).start();
    actor.send({ type: 'dialog.confirmed' });
    actor.send({ type: 'dialog.cancelled' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(resolve).not.toHaveBeenCalled();
    expect(reject).not.toHaveBeenCalled();
  });
});
