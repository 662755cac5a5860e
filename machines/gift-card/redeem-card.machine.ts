import { assign, fromPromise, setup } from 'xstate';
import type { GiftCardRedeemed } from '../../contracts/gift-cards';
import { formFailureOf, isNotFound, type FormFailure } from '../forms/form-failure';

/**
 * The page a gift card's e-mail button opens (/gift-card/resgatar?code=…; docs/gift-cards.md):
 *
 *   checking ─► found ──redeem.requested (signed in)──► redeeming ─► redeemed
 *      │          │  └──redeem.requested (visitor): the visitor prompt (sign in or sign up, back here)
 *      │          └◄── a refused redemption (its failure shown) ──┘
 *      ├─► notFound (unknown, expired, used up)
 *      └─► unavailable ──card.retried──► checking
 *
 * Pure: `lookUp` (GET /gift-cards/{code}), `redeem` (POST /gift-cards/redemptions) and `promptVisitor`
 * come in with `.provide()`.
 */

export interface CardBalance {
  balance: number;
  expires_at: string;
}

export interface RedeemCardContext {
  code: string;
  signedIn: boolean;
  card: CardBalance | null;
  redeemed: GiftCardRedeemed | null;
  failure: FormFailure | null;
}

export const redeemCardMachine = setup({
  types: {
    context: {} as RedeemCardContext,
    input: {} as { code: string; signedIn: boolean },
    events: {} as { type: 'redeem.requested' } | { type: 'card.retried' },
  },
  actors: {
    lookUp: fromPromise<CardBalance, { code: string }>(async () => {
      throw new Error('redeem card: lookUp not provided');
    }),
    redeem: fromPromise<GiftCardRedeemed, { code: string }>(async () => {
      throw new Error('redeem card: redeem not provided');
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: {
    promptVisitor: () => {},
    /** The redemption's failure, besides the page's alert (the error reporter). */
    failed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'redeemCard',
  context: ({ input }) => ({ code: input.code, signedIn: input.signedIn, card: null, redeemed: null, failure: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['state:loading'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'found', actions: assign({ card: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'unavailable' },
        ],
      },
    },
    found: {
      tags: ['state:found'],
      on: {
        'redeem.requested': [{ guard: 'signedIn', target: 'redeeming' }, { actions: 'promptVisitor' }],
      },
    },
    redeeming: {
      tags: ['state:found', 'state:redeeming'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'redeemed', actions: assign({ redeemed: ({ event }) => event.output }) },
        onError: {
          target: 'found',
          actions: [
            assign({ failure: ({ event }) => formFailureOf(event.error) }),
            { type: 'failed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    redeemed: { tags: ['state:redeemed'], type: 'final' },
    notFound: { tags: ['state:notFound'], type: 'final' },
    unavailable: { tags: ['state:unavailable'], on: { 'card.retried': 'checking' } },
  },
});

export type RedeemCardMachine = typeof redeemCardMachine;
