import type { SecondFactorStatus } from '../../contracts/second-factor';
import type { UserSession } from '../../contracts/user-sessions';
import { createListMachine, type ListEvent } from '../admin/list-machine';

/**
 * The "Segurança" page's factors and sessions (docs/spec.md §4), in the shape of `createListMachine`:
 * loading → ready → saving → loading (what the server has now); a refused change keeps the page with its
 * reason. Removing a factor may first ask for the second factor again: the API client's step-up dialog
 * does that in place, so `run` simply takes longer.
 */

export type SecurityCommand =
  | { type: 'removeTotp' }
  | { type: 'removePasskey'; passkeyId: string }
  | { type: 'endSession'; sessionId: string }
  | { type: 'endOtherSessions' };

export interface SecurityData {
  factors: SecondFactorStatus | null;
  sessions: UserSession[];
}

const noData: SecurityData = { factors: null, sessions: [] };

export const securityMachine = createListMachine({
  id: 'security',
  params: {},
  data: noData,
  doneOf: (command: SecurityCommand, _outcome: void): SecurityCommand['type'] => command.type,
});

export type SecurityMachine = typeof securityMachine;
export type SecurityEvent = ListEvent<object, SecurityCommand>;
