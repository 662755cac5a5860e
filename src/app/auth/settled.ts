import { waitFor, type Actor } from 'xstate';
import type { AuthMachine, AuthSnapshot } from '../../../machines/auth/auth.machine';

/** Resolves with the first snapshot that is no longer 'unknown/authenticating' (tag state:loading). */
export function authSettled(actor: Actor<AuthMachine>): Promise<AuthSnapshot> {
  return waitFor(actor, (s) => !s.hasTag('state:loading'), { timeout: Infinity });
}
