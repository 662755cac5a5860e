import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { visitorPromptMachine } from '../../../machines/dialogs/visitor-prompt.machine';

describe('visitor prompt: model-based', () => {
  const model = createTestModel(visitorPromptMachine, {
    events: [
      { type: 'visitorPrompt.opened', returnUrl: '/profile' },
      { type: 'visitorPrompt.opened', description: 'Entre para doar mensalmente.', returnUrl: '/doacao-mensal' },
      { type: 'visitorPrompt.opened', returnUrl: '/convite-equipe?token=abc', email: 'caio@exemplo.org' },
      { type: 'visitorPrompt.closed' },
    ],
  });

  it.each(model.getSimplePaths().map((path) => [path.description, path] as const))('%s', async (_name, path) => {
    const actor = createActor(visitorPromptMachine).start();
    await path.test({
      events: {
        'visitorPrompt.opened': ({ event }) => void actor.send(event),
        'visitorPrompt.closed': ({ event }) => void actor.send(event),
      },
      states: {
        '*': (state) => {
          expect(actor.getSnapshot().value).toEqual(state.value);
          expect(actor.getSnapshot().context).toEqual(state.context);
          // The view reads one tag: open or not.
          expect(actor.getSnapshot().hasTag('state:open')).toBe(state.value === 'open');
        },
      },
    });
  });
});

describe('visitor prompt: rules', () => {
  it('keeps the custom description and the return url while open', () => {
    const actor = createActor(visitorPromptMachine).start();
    actor.send({ type: 'visitorPrompt.opened', description: 'Entre para salvar cartões.', returnUrl: '/profile/cards' });
    expect(actor.getSnapshot().hasTag('state:open')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ description: 'Entre para salvar cartões.', returnUrl: '/profile/cards' });
    actor.send({ type: 'visitorPrompt.closed' });
    expect(actor.getSnapshot().hasTag('state:open')).toBe(false);
  });

  it('a second opening without a description falls back to the default text (undefined)', () => {
    const actor = createActor(visitorPromptMachine).start();
    actor.send({ type: 'visitorPrompt.opened', description: 'x' });
    actor.send({ type: 'visitorPrompt.closed' });
    actor.send({ type: 'visitorPrompt.opened' });
    expect(actor.getSnapshot().context.description).toBeUndefined();
  });
});
