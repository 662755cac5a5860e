import type { SnapshotFrom } from 'xstate';
import type { GiftCardRedeemed } from '../../contracts/gift-cards';
import { formFailureOf, isNotFound, type FormFailure } from '../forms/form-failure';
import { createLookUpMachine, notProvided, type LookUpContext } from '../look-up-machine';

/**
 * The page a gift card's e-mail button opens (/gift-card/resgatar?code=…; docs/gift-cards.md), in the
 * shape of `createLookUpMachine`:
 *
 *   checking ─► found ──redeem.requested (signed in)──► redeeming ─► redeemed
 *      │          │  └──redeem.requested (visitor): the visitor prompt (sign in or sign up, back here)
 *      │          └◄── a refused redemption (its failure shown) ──┘
 *      ├─► notFound (unknown, expired, used up)
 *      └─► unavailable ──card.retried──► checking
 *
 * Pure: `lookUp` (GET /gift-cards/{code}), `act` (the redemption: POST /gift-cards/redemptions) and
 * `promptVisitor`, `failed` come in with `.provide()`.
 */

export interface CardBalance {
  balance: number;
  expires_at: string;
}

/** `found` is the card's balance; `outcome` what the redemption put in the wallet. */
export type RedeemCardContext = LookUpContext<CardBalance, GiftCardRedeemed, FormFailure>;

export const redeemCardMachine = createLookUpMachine({
  id: 'redeemCard',
  fromInput: (input: { code: string; signedIn: boolean }) => ({ key: input.code, signedIn: input.signedIn }),
  lookUp: notProvided<CardBalance>('redeem card: lookUp'),
  act: notProvided<GiftCardRedeemed>('redeem card: act (redeem)'),
  failureOf: formFailureOf,
  isGone: isNotFound,
  states: { lookingUp: 'checking', found: 'found', acting: 'redeeming', done: 'redeemed', gone: 'notFound', unavailable: 'unavailable' },
  foundTag: 'state:found',
  on: {
    found: { 'redeem.requested': [{ guard: 'signedIn', target: 'redeeming' }, { actions: 'promptVisitor' }] },
    unavailable: { 'card.retried': 'checking' },
  },
});

export type RedeemCardMachine = typeof redeemCardMachine;
export type RedeemCardSnapshot = SnapshotFrom<RedeemCardMachine>;
