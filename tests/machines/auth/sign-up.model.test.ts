import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { signUpMachine } from '../../../machines/auth/sign-up.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from '../support/replay';

/**
 * Model-based test of the sign-up page's flow: every path of its graph (send, fail, send again, go back
 * to correct the address) replayed on a live actor with a controllable API.
 */

const first = { email: 'ana@exemplo.com', name: 'Ana' };
const corrected = { email: 'ana.souza@exemplo.com', name: 'Ana' };
const refused = { status: 400, code: 'validation.failed', messages: ['CPF inválido'] };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sign-up model', () => {
  const events: GraphEvent[] = [
    { type: 'signUp.submitted', values: first },
    { type: 'signUp.submitted', values: corrected },
    { type: 'signUp.resent' },
    { type: 'signUp.edited' },
    { type: 'xstate.done.actor.submit', output: { message: 'Enviamos um e-mail' } },
    { type: 'xstate.error.actor.submit', error: refused },
    { type: 'xstate.error.actor.submit', error: new Error('offline') },
  ];
  const paths = pathsOf(signUpMachine, { events });

  it('reaches the form, the sent page, a resend and a failure of each', () => {
    const reached = new Set(paths.flatMap((p) => [...p.state.tags]));
    expect([...reached].sort()).toEqual(['state:failed', 'state:resent', 'state:submitting', 'step:form', 'step:sent']);
    expect(paths.some((p) => p.state.hasTag('step:sent') && p.state.hasTag('state:failed'))).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(signUpMachine, ['submit']);
    const actor = createActor(signUpMachine.provide({ actors: controls.actors })).start();
    await replayPath(actor, signUpMachine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const { values, failure } = snapshot.context as { values: unknown; failure: { messages: string[] } | null };
      // The API gets what was last sent, and the page only says "sent" for something that was.
      if (snapshot.hasTag('state:submitting')) expect(controls.calls('submit').at(-1)).toEqual({ values });
      if (snapshot.hasTag('step:sent')) expect(values).toBeDefined();
      // A failure is always something the page can show, and only while it says so.
      if (failure) expect(failure.messages.length).toBeGreaterThan(0);
      if (!snapshot.hasTag('state:failed') && !snapshot.hasTag('state:submitting') && snapshot.hasTag('step:sent'))
        expect(snapshot.hasTag('state:resent') || failure === null).toBe(true);
    });
    actor.stop();
  });
});
