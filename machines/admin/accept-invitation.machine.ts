import type { InvitationPreview } from '../../contracts/admin-team';
import { formFailureOf, isNotFound, type FormFailure } from '../forms/form-failure';
import { createLookUpMachine, notProvided, type LookUpContext } from '../look-up-machine';

/**
 * The page an invitation's link opens (/convite-equipe?token=…; docs/admin.md), in the shape of
 * `createLookUpMachine`:
 *
 *   checking ─► found ──invitation.accepted (signed in)──► accepting ─► joined
 *      │          │  └──invitation.accepted (visitor): the visitor prompt (sign in or up, back here)
 *      │          └◄── refused (another account's e-mail: its reason shown) ──┘
 *      ├─► notFound (expired, used, revoked; also when accepting finds it so)
 *      └─► unavailable ──invitation.retried──► checking
 *
 * Pure: `lookUp` (GET /team-invitations/{token}), `act` (POST /team-invitations/accept) and
 * `promptVisitor`, `finished` (the page opens the admin) come in with `.provide()`.
 */

/** `found` is the invitation as its page shows it. */
export type AcceptInvitationContext = LookUpContext<InvitationPreview, unknown, FormFailure>;

export const acceptInvitationMachine = createLookUpMachine({
  id: 'acceptInvitation',
  fromInput: (input: { token: string; signedIn: boolean }) => ({ key: input.token, signedIn: input.signedIn }),
  lookUp: notProvided<InvitationPreview>('accept invitation: lookUp'),
  act: notProvided<unknown>('accept invitation: act (accept)'),
  failureOf: formFailureOf,
  isGone: isNotFound,
  goneWhileActing: true,
  states: { lookingUp: 'checking', found: 'found', acting: 'accepting', done: 'joined', gone: 'notFound', unavailable: 'unavailable' },
  foundTag: 'state:found',
  on: {
    found: { 'invitation.accepted': [{ guard: 'signedIn', target: 'accepting' }, { actions: 'promptVisitor' }] },
    unavailable: { 'invitation.retried': 'checking' },
  },
});

export type AcceptInvitationMachine = typeof acceptInvitationMachine;
