import type { SnapshotFrom } from 'xstate';
import type { SubscriptionStatus } from '../../contracts';
import { rejectionStatus } from '../../contracts/rejection';
import { createLookUpMachine, notProvided, type LookUpContext } from '../look-up-machine';

/** What a monthly e-mail's cancel link shows: the amount and where the subscription stands. */
export interface LinkedSubscription {
  amount: number;
  status: SubscriptionStatus;
}

/** `found` is the subscription the link cancels; `outcome` the same once canceled; `failure` the error as it came. */
export type CancelLinkContext = LookUpContext<LinkedSubscription, LinkedSubscription, unknown>;

/** An answer that says the link itself is wrong (unknown, forged, expired), not that the server is away. */
export function isInvalidLinkError(error: unknown): boolean {
  const status = rejectionStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * /doacao-mensal/cancelar?token — cancel a monthly donation from an e-mail, without signing in, in the
 * shape of `createLookUpMachine` (`starting` sends a link without its token to `invalid` at once):
 *
 *   loading ─► confirming ── cancel.confirmed ─► canceling ─► canceled
 *      │            ▲                                │
 *      │            └──────── network/server error ──┘ (tag state:failed; try again)
 *      ├─► alreadyCanceled (the subscription was canceled before)
 *      ├─► invalid (no token, or the API refuses it: 4xx)
 *      └─► unavailable (network/server error while reading; link.retried reads again)
 *
 * Pure: `lookUp` (reads the link) and `act` (cancels by it) come in with `.provide()`.
 */
export const cancelLinkMachine = createLookUpMachine({
  id: 'cancelLink',
  fromInput: (input: { token: string | null }) => ({ key: input.token, signedIn: false }),
  /** GET /subscriptions/cancel-by-link?token. */
  lookUp: notProvided<LinkedSubscription>('cancelLink: lookUp (readLink)'),
  /** POST /subscriptions/cancel-by-link {token}. */
  act: notProvided<LinkedSubscription>('cancelLink: act (cancelByLink)'),
  // The page reads the error as it came (its messages, or "contact support" when it is not the API's).
  failureOf: (error) => error,
  isGone: isInvalidLinkError,
  // The link stopped working between reading and confirming (e.g. a newer link replaced it).
  goneWhileActing: true,
  alreadyDone: { state: 'alreadyCanceled', when: (subscription) => subscription.status === 'canceled' },
  states: {
    checkingKey: 'starting',
    lookingUp: 'loading',
    found: 'confirming',
    acting: 'canceling',
    done: 'canceled',
    gone: 'invalid',
    unavailable: 'unavailable',
  },
  foundTag: 'state:confirm',
  failedSubstate: true,
  on: { found: { 'cancel.confirmed': 'canceling' }, unavailable: { 'link.retried': 'loading' } },
});

export type CancelLinkMachine = typeof cancelLinkMachine;
export type CancelLinkSnapshot = SnapshotFrom<CancelLinkMachine>;
