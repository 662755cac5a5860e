import { assign, fromPromise, setup } from 'xstate';
import type { SavedCard } from '../../contracts/cards';
import { required } from '../required';

export type CardsEvent = { type: 'card.defaultRequested'; id: string } | { type: 'card.removeRequested'; id: string };

/**
 * /profile/cards: idle → settingDefault → idle, and idle → confirmingRemoval (the app's confirm
 * dialog) → removing → idle; a cancelled confirmation goes back to idle quietly. Every answer from
 * the API replaces the list (the default may move when a card goes). Pure: the API calls, the
 * confirmation and the reactions come in with `.provide()` (cards-provider.ts).
 */
export const cardsMachine = setup({
  types: {
    context: {} as { cards: SavedCard[]; pendingId: string | null },
    input: {} as { cards: SavedCard[] },
    events: {} as CardsEvent,
  },
  actors: {
    setDefault: fromPromise<SavedCard[], { id: string }>(async () => {
      throw new Error('cards: setDefault not provided');
    }),
    confirmRemoval: fromPromise<void, { card: SavedCard }>(async () => {
      throw new Error('cards: confirmRemoval not provided');
    }),
    removeCard: fromPromise<SavedCard[], { id: string }>(async () => {
      throw new Error('cards: removeCard not provided');
    }),
  },
  actions: {
    /** Says what changed (toast). */
    defaultSet: (_, _params: { card: SavedCard | null }) => {},
    removed: () => {},
    /** Reports the raw error (toasts, docs/spec.md §8). */
    failed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isOtherCard: ({ context }, params: { id: string }) => context.cards.some((c) => c.id === params.id && !c.is_default),
    isKnownCard: ({ context }, params: { id: string }) => context.cards.some((c) => c.id === params.id),
  },
}).createMachine({
  id: 'cards',
  context: ({ input }) => ({ cards: input.cards, pendingId: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['state:idle'],
      entry: assign({ pendingId: null }),
      on: {
        'card.defaultRequested': {
          guard: { type: 'isOtherCard', params: ({ event }) => ({ id: event.id }) },
          target: 'settingDefault',
          actions: assign({ pendingId: ({ event }) => event.id }),
        },
        'card.removeRequested': {
          guard: { type: 'isKnownCard', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingRemoval',
          actions: assign({ pendingId: ({ event }) => event.id }),
        },
      },
    },
    settingDefault: {
      invoke: {
        id: 'setDefault',
        src: 'setDefault',
        input: ({ context }) => ({ id: required(context.pendingId, 'cards: the card asked to be the default') }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ cards: ({ event }) => event.output }),
            {
              type: 'defaultSet',
              params: ({ event, context }) => ({ card: event.output.find((c) => c.id === context.pendingId) ?? null }),
            },
          ],
        },
        onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingRemoval: {
      tags: ['state:confirming'],
      invoke: {
        id: 'confirmRemoval',
        src: 'confirmRemoval',
        input: ({ context }) => ({
          card: required(
            context.cards.find((c) => c.id === context.pendingId),
            'cards: the card to remove',
          ),
        }),
        onDone: 'removing',
        // Cancel or close: nothing to report.
        onError: 'idle',
      },
    },
    removing: {
      invoke: {
        id: 'removeCard',
        src: 'removeCard',
        input: ({ context }) => ({ id: required(context.pendingId, 'cards: the card to remove') }),
        onDone: { target: 'idle', actions: [assign({ cards: ({ event }) => event.output }), 'removed'] },
        onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
