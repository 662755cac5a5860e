import { assign, fromPromise, setup } from 'xstate';
import type { InvitationPreview } from '../../contracts/admin-team';
import { formFailureOf, isNotFound, type FormFailure } from '../forms/form-failure';

/**
 * The page an invitation's link opens (/convite-equipe?token=…; docs/admin.md):
 *
 *   checking ─► found ──invitation.accepted (signed in)──► accepting ─► joined
 *      │          │  └──invitation.accepted (visitor): the visitor prompt (sign in or up, back here)
 *      │          └◄── refused (another account's e-mail: its reason shown) ──┘
 *      ├─► notFound (expired, used, revoked)
 *      └─► unavailable ──invitation.retried──► checking
 *
 * Pure: `lookUp` (GET /team-invitations/{token}), `accept` (POST /team-invitations/accept) and
 * `promptVisitor`, `joined` (the page opens the admin) come in with `.provide()`.
 */

export interface AcceptInvitationContext {
  token: string;
  signedIn: boolean;
  invitation: InvitationPreview | null;
  failure: FormFailure | null;
}

export const acceptInvitationMachine = setup({
  types: {
    context: {} as AcceptInvitationContext,
    input: {} as { token: string; signedIn: boolean },
    events: {} as { type: 'invitation.accepted' } | { type: 'invitation.retried' },
  },
  actors: {
    lookUp: fromPromise<InvitationPreview, { token: string }>(async () => {
      throw new Error('accept invitation: lookUp not provided');
    }),
    accept: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('accept invitation: accept not provided');
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: { promptVisitor: () => {}, joined: () => {} },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({ token: input.token, signedIn: input.signedIn, invitation: null, failure: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['state:loading'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'found', actions: assign({ invitation: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'unavailable' },
        ],
      },
    },
    found: {
      tags: ['state:found'],
      on: { 'invitation.accepted': [{ guard: 'signedIn', target: 'accepting' }, { actions: 'promptVisitor' }] },
    },
    accepting: {
      tags: ['state:found', 'state:accepting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'joined',
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'found', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
        ],
      },
    },
    joined: { tags: ['state:joined'], type: 'final', entry: 'joined' },
    notFound: { tags: ['state:notFound'], type: 'final' },
    unavailable: { tags: ['state:unavailable'], on: { 'invitation.retried': 'checking' } },
  },
});

export type AcceptInvitationMachine = typeof acceptInvitationMachine;
