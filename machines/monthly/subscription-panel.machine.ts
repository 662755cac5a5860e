import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { present } from '../present';
import {
  monthlyAmountSchema,
  type CurrentSubscription,
  type SavedCard,
  type Subscription,
  type SubscriptionCharge,
  type SubscriptionPatch,
} from '../../contracts';

export type { CurrentSubscription };

/** A change the donor makes to their subscription from the profile. */
export type SubscriptionChange = { kind: 'pause' } | { kind: 'resume' } | { kind: 'cancel' } | { kind: 'update'; patch: SubscriptionPatch };
/** The changes that ask "are you sure?" first (the amount and card forms are their own confirmation). */
export type ConfirmedChange = Exclude<SubscriptionChange, { kind: 'update' }>;

export interface SubscriptionPanelContext {
  subscription: Subscription | null;
  charges: SubscriptionCharge[];
  savedCards: SavedCard[] | null;
  /** The change being confirmed or sent. */
  change: SubscriptionChange | null;
}

export type SubscriptionPanelEvent =
  | { type: 'subscription.reloaded' }
  | { type: 'subscription.pauseRequested' }
  | { type: 'subscription.resumeRequested' }
  | { type: 'subscription.cancelRequested' }
  | { type: 'amount.editRequested' }
  | { type: 'amount.submitted'; amount: number }
  | { type: 'card.editRequested' }
  | { type: 'card.submitted'; cardId: string }
  | { type: 'edit.cancelled' };

/** What each status allows (the server checks the same; a stale page gets its refusal). */
export const canPause = (s: Subscription | null) => s !== null && (s.status === 'active' || s.status === 'past_due');
export const canResume = (s: Subscription | null) => s !== null && s.status === 'paused';
export const isOpen = (s: Subscription | null) => s !== null && s.status !== 'canceled';
/** Only a subscription paid by card has a card to change (Pix Automático is debited from the donor's account). */
const byCard = (s: Subscription | null) => isOpen(s) && s?.payment_method === 'card';

/** The change asking for confirmation: never an update (those need none). */
function confirmedChange(change: SubscriptionChange | null): ConfirmedChange {
  const confirmed = present(change, 'change');
  if (confirmed.kind === 'update') throw new Error('machine invariant: an update is never confirmed');
  return confirmed;
}

const allowedBy: Record<ConfirmedChange['kind'], (s: Subscription | null) => boolean> = {
  pause: canPause,
  resume: canResume,
  cancel: isOpen,
};

const confirmThen = (kind: ConfirmedChange['kind']) => ({
  guard: { type: 'allows', params: { kind } } as const,
  target: '#subscriptionPanel.open.confirming',
  actions: { type: 'rememberChange', params: { kind } } as const,
});

/**
 * The donor's monthly donation on /profile/wallet: show it, change amount or card, pause, resume,
 * cancel. Pure: loading, the confirm dialog and the calls come in with `.provide()`.
 *
 *   loading ─► none (never subscribed) | open (tag state:loaded) | failed (subscription.reloaded)
 *   open.idle ─ pause/resume/cancel requested ─► confirming (dialog) ─ yes ─► saving ─► loading (fresh charges and dates)
 *            ├─ amount.editRequested ─► editingAmount ─ amount.submitted ─► saving
 *            └─ card.editRequested ─► choosingCard (loads saved cards) ─ card.submitted ─► saving
 *   saving fails → back to open.idle with the error reported (`failed` action).
 */
export const subscriptionPanelMachine = setup({
  types: {
    context: {} as SubscriptionPanelContext,
    events: {} as SubscriptionPanelEvent,
  },
  actors: {
    /** GET /subscriptions/current. */
    loadSubscription: fromPromise<CurrentSubscription>(async () => {
      throw new Error('subscriptionPanel: loadSubscription not provided');
    }),
    /** GET /cards. */
    loadSavedCards: fromPromise<SavedCard[]>(async () => {
      throw new Error('subscriptionPanel: loadSavedCards not provided');
    }),
    /** The confirm dialog: resolves on confirm, rejects on cancel or close. */
    confirmChange: fromPromise<void, { change: ConfirmedChange; subscription: Subscription }>(async () => {
      throw new Error('subscriptionPanel: confirmChange not provided');
    }),
    /** PATCH /subscriptions/{id} or POST /subscriptions/{id}/pause|resume|cancel. */
    changeSubscription: fromPromise<Subscription, { id: string; change: SubscriptionChange }>(async () => {
      throw new Error('subscriptionPanel: changeSubscription not provided');
    }),
  },
  actions: {
    /** Says the change was made (toast). */
    changed: (_, _params: { change: SubscriptionChange; subscription: Subscription }) => {},
    /** Reports the error (toasts, docs/spec.md §8). */
    failed: (_, _params: { error: unknown }) => {},
    rememberChange: assign({ change: (_, params: { kind: ConfirmedChange['kind'] }) => ({ kind: params.kind }) }),
  },
  guards: {
    allows: ({ context }, params: { kind: ConfirmedChange['kind'] }) => allowedBy[params.kind](context.subscription),
    hasSubscription: (_, params: { current: CurrentSubscription }) => params.current.subscription !== null,
    isOpen: ({ context }) => isOpen(context.subscription),
    byCard: ({ context }) => byCard(context.subscription),
    amountValid: ({ context, event }) =>
      event.type === 'amount.submitted' &&
      monthlyAmountSchema.safeParse(event.amount).success &&
      event.amount !== context.subscription?.amount,
    cardValid: ({ context, event }) =>
      event.type === 'card.submitted' &&
      (context.savedCards ?? []).some((card) => card.id === event.cardId) &&
      event.cardId !== context.subscription?.card?.id,
  },
}).createMachine({
  id: 'subscriptionPanel',
  context: { subscription: null, charges: [], savedCards: null, change: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        onDone: [
          {
            guard: { type: 'hasSubscription', params: ({ event }) => ({ current: event.output }) },
            target: 'open',
            actions: assign({ subscription: ({ event }) => event.output.subscription, charges: ({ event }) => event.output.charges }),
          },
          { target: 'none', actions: assign({ subscription: null, charges: [] }) },
        ],
        onError: { target: 'failed', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['state:failed'],
      on: { 'subscription.reloaded': 'loading' },
    },
    none: { tags: ['state:none'] },
    open: {
      tags: ['state:loaded'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'subscription.pauseRequested': confirmThen('pause'),
            'subscription.resumeRequested': confirmThen('resume'),
            'subscription.cancelRequested': confirmThen('cancel'),
            'amount.editRequested': { guard: 'isOpen', target: 'editingAmount' },
            'card.editRequested': { guard: 'byCard', target: 'choosingCard' },
          },
        },
        editingAmount: {
          tags: ['state:editingAmount'],
          on: {
            'edit.cancelled': 'idle',
            'amount.submitted': {
              guard: 'amountValid',
              target: 'saving',
              actions: assign({ change: ({ event }) => ({ kind: 'update', patch: { amount: event.amount } }) }),
            },
          },
        },
        choosingCard: {
          tags: ['state:choosingCard'],
          initial: 'loadingCards',
          on: { 'edit.cancelled': '.done' },
          states: {
            loadingCards: {
              tags: ['state:loadingCards'],
              invoke: {
                id: 'loadSavedCards',
                src: 'loadSavedCards',
                onDone: { target: 'picking', actions: assign({ savedCards: ({ event }) => event.output }) },
                // No cards to offer: the donor sees none and can only go back.
                onError: {
                  target: 'picking',
                  actions: [assign({ savedCards: [] }), { type: 'failed', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            picking: {
              on: {
                'card.submitted': {
                  guard: 'cardValid',
                  target: '#subscriptionPanel.open.saving',
                  actions: assign({ change: ({ event }) => ({ kind: 'update', patch: { card_id: event.cardId } }) }),
                },
              },
            },
            done: { type: 'final' },
          },
          onDone: 'idle',
        },
        confirming: {
          tags: ['state:confirming'],
          invoke: {
            id: 'confirmChange',
            src: 'confirmChange',
            input: ({ context }) => ({
              change: confirmedChange(context.change),
              subscription: present(context.subscription, 'subscription'),
            }),
            onDone: 'saving',
            // "Cancelar" in the dialog (or closing it) changes nothing.
            onError: { target: 'idle', actions: assign({ change: null }) },
          },
        },
        saving: {
          tags: ['state:saving'],
          invoke: {
            id: 'changeSubscription',
            src: 'changeSubscription',
            input: ({ context }) => ({ id: context.subscription?.id ?? '', change: present(context.change, 'change') }),
            onDone: {
              // Reload: a resume may charge at once, and the next charge date moves with every change.
              target: '#subscriptionPanel.loading',
              actions: [
                {
                  type: 'changed',
                  params: ({ context, event }) => ({ change: present(context.change, 'change'), subscription: event.output }),
                },
                assign({ subscription: ({ event }) => event.output, change: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ change: null }), { type: 'failed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});

export type SubscriptionPanelMachine = typeof subscriptionPanelMachine;
export type SubscriptionPanelSnapshot = SnapshotFrom<typeof subscriptionPanelMachine>;
