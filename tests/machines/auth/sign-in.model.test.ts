import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { CHALLENGE_INVALID, signInMachine } from '../../../machines/auth/sign-in.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from '../support/replay';

/**
 * Model-based test of the sign-in page's flow: the password, then for an enrolled account its second
 * factor (an authenticator code, a recovery code or a passkey). Every path of the graph is replayed on a
 * live actor with a controllable API: a wrong code stays on the code step, a dead challenge goes back to
 * the password, and the session reaches the auth machine only from a proof the API accepted.
 */

const values = { email: 'ana@exemplo.com', password: 'segredo-123' };
const session = { token: 't', refresh_token: 'r', user: { id: 'u1' } };
const asked = { kind: 'secondFactor', challenge: 'c'.repeat(43), methods: ['totp', 'passkey', 'recovery_code'] };
const wrongPassword = { status: 401, code: 'auth.invalid_credentials', messages: ['E-mail ou senha incorretos.'] };
const wrongCode = { status: 401, code: 'auth.second_factor_invalid', messages: ['Código incorreto.'] };
const challengeGone = { status: 401, code: CHALLENGE_INVALID, messages: ['Esta tentativa de entrar expirou.'] };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sign-in model', () => {
  const events: GraphEvent[] = [
    { type: 'signIn.submitted', values },
    { type: 'xstate.done.actor.checkPassword', output: { kind: 'session', session } },
    { type: 'xstate.done.actor.checkPassword', output: asked },
    { type: 'xstate.error.actor.checkPassword', error: wrongPassword },
    { type: 'code.submitted', code: ' 123456 ' },
    { type: 'method.chosen', method: 'recovery_code' },
    { type: 'method.chosen', method: 'totp' },
    { type: 'passkey.requested' },
    { type: 'secondFactor.cancelled' },
    { type: 'xstate.done.actor.verifyCode', output: session },
    { type: 'xstate.error.actor.verifyCode', error: wrongCode },
    { type: 'xstate.error.actor.verifyCode', error: challengeGone },
    { type: 'xstate.done.actor.verifyPasskey', output: session },
    { type: 'xstate.error.actor.verifyPasskey', error: wrongCode },
    { type: 'xstate.error.actor.verifyPasskey', error: challengeGone },
  ];
  const paths = pathsOf(signInMachine, { events });

  it('reaches the password, the second step, each failure and the signed-in state', () => {
    const reached = new Set(paths.flatMap((p) => [...p.state.tags]));
    expect([...reached].sort()).toEqual([
      'state:failed',
      'state:passkey',
      'state:submitting',
      'state:succeeded',
      'step:password',
      'step:secondFactor',
    ]);
    // A dead challenge is said on the password step, a wrong code on the code step.
    expect(paths.some((p) => p.state.hasTag('step:password') && p.state.context.failure?.code === CHALLENGE_INVALID)).toBe(true);
    expect(paths.some((p) => p.state.hasTag('step:secondFactor') && p.state.hasTag('state:failed'))).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(signInMachine, ['checkPassword', 'verifyCode', 'verifyPasskey']);
    const signedIn = vi.fn();
    const machine = signInMachine.provide({ actors: controls.actors, actions: { signedIn: (_, params) => signedIn(params) } });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof signInMachine>['context'];
      // The code goes with the challenge the password step got, trimmed.
      if (snapshot.matches({ secondFactor: 'verifyingCode' }))
        expect(controls.calls('verifyCode').at(-1)).toEqual({ challenge: asked.challenge, code: '123456' });
      if (snapshot.matches({ secondFactor: 'verifyingPasskey' }))
        expect(controls.calls('verifyPasskey').at(-1)).toEqual({ challenge: asked.challenge });
      // The second step always has a challenge; the password step never keeps one.
      if (snapshot.hasTag('step:secondFactor')) expect(context.challenge).toBe(asked.challenge);
      if (snapshot.hasTag('step:password')) expect(context.challenge).toBeNull();
      // Signed in exactly once, with the session the API gave, only at the end.
      if (snapshot.hasTag('state:succeeded')) expect(signedIn.mock.calls).toEqual([[{ session }]]);
      else expect(signedIn).not.toHaveBeenCalled();
      if (context.failure) expect(context.failure.messages.length).toBeGreaterThan(0);
    });
    actor.stop();
  });

  it('offers only the methods the account has', async () => {
    const controls = controllableActors(signInMachine, ['checkPassword', 'verifyCode', 'verifyPasskey']);
    const actor = createActor(signInMachine.provide({ actors: controls.actors })).start();
    actor.send({ type: 'signIn.submitted', values });
    controls.resolve('checkPassword', { kind: 'secondFactor', challenge: 'c', methods: ['recovery_code'] });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('step:secondFactor')).toBe(true));
    // Only recovery codes: the code step asks for one, and neither a passkey nor the app can be chosen.
    expect(actor.getSnapshot().context.method).toBe('recovery_code');
    actor.send({ type: 'passkey.requested' });
    actor.send({ type: 'method.chosen', method: 'totp' });
    expect(actor.getSnapshot().matches({ secondFactor: { code: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.method).toBe('recovery_code');
    actor.stop();
  });
});
