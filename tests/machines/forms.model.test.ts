import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { formSubmissionMachine } from '../../machines/auth/form-submission.machine';
import { profileMachine, type ProfileValues } from '../../machines/profile/profile.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the account forms' machines (sign-in, sign-up, password reset, and the
 * profile): every transition of their graphs replayed on a live actor with a controllable API.
 */

const refused = { status: 409, code: 'user.email_taken', messages: ['E-mail já cadastrado.'] };
const values: ProfileValues = {
  name: 'Ana',
  phone: '81999990000',
  birth_date: null,
  address: { country: 'BR', zip_code: '', state: '', city: '', neighborhood: '', street_address: '', complement: '', house_number: '' },
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('form submission model', () => {
  const events: GraphEvent[] = [
    { type: 'form.submitted', values: { email: 'ana@exemplo.com' } },
    { type: 'xstate.done.actor.submit', output: { ok: true } },
    { type: 'xstate.error.actor.submit', error: refused },
    { type: 'xstate.error.actor.submit', error: new Error('offline') },
  ];
  const paths = pathsOf(formSubmissionMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(formSubmissionMachine, ['submit']);
    const actor = createActor(formSubmissionMachine.provide({ actors: controls.actors })).start();
    await replayPath(actor, formSubmissionMachine, path, controls, (snapshot: AnyMachineSnapshot) => {
      // A failure is always something the form can show: a status and at least one message.
      const failure = (snapshot.context as { failure: { messages: string[] } | null }).failure;
      if (failure) expect(failure.messages.length).toBeGreaterThan(0);
    });
    actor.stop();
  });
});

describe('profile model', () => {
  const events: GraphEvent[] = [
    { type: 'profile.editRequested' },
    { type: 'profile.editCancelled' },
    { type: 'profile.submitted', values },
    { type: 'xstate.done.actor.saveProfile', output: { id: 'u1' } },
    { type: 'xstate.error.actor.saveProfile', error: refused },
  ];
  const paths = pathsOf(profileMachine, { events });

  it('reaches viewing, editing and saving', () => {
    const tags = new Set(paths.flatMap((p) => [...p.state.tags]));
    expect([...tags].sort()).toEqual(['state:editing', 'state:saving']);
    expect(paths.some((p) => p.state.matches('viewing') && p.steps.length > 1)).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(profileMachine, ['saveProfile']);
    const actor = createActor(profileMachine.provide({ actors: controls.actors })).start();
    await replayPath(actor, profileMachine, path, controls, (snapshot: AnyMachineSnapshot) => {
      // Saving sends exactly what was submitted.
      if (snapshot.hasTag('state:saving')) expect(controls.calls('saveProfile').at(-1)).toEqual({ values });
    });
    actor.stop();
  });
});
