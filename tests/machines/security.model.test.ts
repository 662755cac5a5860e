import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { stepUpDialogMachine } from '../../machines/dialogs/step-up-dialog.machine';
import { secondFactorEnrolmentMachine } from '../../machines/profile/second-factor-enrolment.machine';
import { securityMachine } from '../../machines/profile/security.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of second factors in the web app: the step-up dialog (asked in place, settles the
 * waiting request once), the enrolment on the "Segurança" page (codes shown once, until saved) and the
 * page's list of factors and sessions.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wrongCode = { status: 401, code: 'auth.second_factor_invalid', messages: ['Código incorreto.'] };
const codes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`);

describe('step-up dialog model', () => {
  const events: GraphEvent[] = [
    { type: 'stepUp.opened' },
    { type: 'xstate.done.actor.loadMethods', output: ['totp', 'passkey'] },
    { type: 'xstate.error.actor.loadMethods', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'code.submitted', code: '123456' },
    { type: 'passkey.requested' },
    { type: 'stepUp.cancelled' },
    { type: 'xstate.done.actor.verifyCode', output: undefined },
    { type: 'xstate.error.actor.verifyCode', error: wrongCode },
    { type: 'xstate.done.actor.verifyPasskey', output: undefined },
    { type: 'xstate.error.actor.verifyPasskey', error: wrongCode },
  ];
  const paths = pathsOf(stepUpDialogMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(stepUpDialogMachine, ['loadMethods', 'verifyCode', 'verifyPasskey']);
    const settled: string[] = [];
    const machine = stepUpDialogMachine.provide({
      actors: controls.actors,
      actions: { resolve: () => settled.push('resolve'), reject: () => settled.push('reject') },
    });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const proved = path.steps.filter((s) => s.event.type.startsWith('xstate.done.actor.verify')).length;
      // The waiting request goes again only after a proof the API took, and is settled once per opening.
      expect(settled.filter((s) => s === 'resolve').length).toBeLessThanOrEqual(proved);
      if (!snapshot.hasTag('state:open'))
        expect(settled.length).toBeLessThanOrEqual(path.steps.filter((s) => s.event.type === 'stepUp.opened').length);
      if (snapshot.hasTag('state:failed'))
        expect((snapshot.context as SnapshotFrom<typeof stepUpDialogMachine>['context']).failure?.code).toBe(wrongCode.code);
    });
    actor.stop();
  });

  it('offers every way when the factors could not be read, and no passkey to an account without one', async () => {
    const controls = controllableActors(stepUpDialogMachine, ['loadMethods', 'verifyCode', 'verifyPasskey']);
    const actor = createActor(stepUpDialogMachine.provide({ actors: controls.actors })).start();
    actor.send({ type: 'stepUp.opened' });
    controls.resolve('loadMethods', ['totp']);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('asking')).toBe(true));
    actor.send({ type: 'passkey.requested' });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    actor.send({ type: 'stepUp.cancelled' });
    actor.send({ type: 'stepUp.opened' });
    controls.reject('loadMethods', new Error('offline'));
    await vi.waitFor(() => expect(actor.getSnapshot().context.methods).toEqual(['totp', 'passkey', 'recovery_code']));
    actor.stop();
  });
});

describe('second-factor enrolment model', () => {
  const events: GraphEvent[] = [
    { type: 'totp.started' },
    {
      type: 'xstate.done.actor.startTotp',
      output: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Semear:ana?secret=JBSWY3DPEHPK3PXP' },
    },
    { type: 'xstate.error.actor.startTotp', error: { status: 409, messages: ['Já ativado.'] } },
    { type: 'code.submitted', code: '123456' },
    { type: 'enrolment.cancelled' },
    { type: 'xstate.done.actor.confirmTotp', output: { recovery_codes: codes } },
    { type: 'xstate.error.actor.confirmTotp', error: wrongCode },
    { type: 'passkey.started', name: 'Notebook' },
    { type: 'xstate.done.actor.registerPasskey', output: { recovery_codes: codes } },
    { type: 'xstate.done.actor.registerPasskey', output: { recovery_codes: null } },
    {
      type: 'xstate.error.actor.registerPasskey',
      error: { status: 0, code: 'passkey.cancelled', messages: ['security.passkey.cancelled'] },
    },
    { type: 'codes.regenerated' },
    { type: 'xstate.done.actor.regenerateCodes', output: { recovery_codes: codes } },
    { type: 'xstate.error.actor.regenerateCodes', error: { status: 403, code: 'auth.step_up_required', messages: ['Confirme.'] } },
    { type: 'codes.saved' },
  ];
  const paths = pathsOf(secondFactorEnrolmentMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(secondFactorEnrolmentMachine, ['startTotp', 'confirmTotp', 'registerPasskey', 'regenerateCodes']);
    const changed = vi.fn();
    const machine = secondFactorEnrolmentMachine.provide({ actors: controls.actors, actions: { changed } });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof secondFactorEnrolmentMachine>['context'];
      // Codes are on screen exactly while the codes step is, and the secret only while scanning.
      expect(context.codes.length > 0).toBe(snapshot.hasTag('step:codes'));
      if (snapshot.hasTag('step:scanning')) expect(context.pending?.secret).toBe('JBSWY3DPEHPK3PXP');
      else expect(context.pending).toBeNull();
    });
    // The page reads the factors again after each one added and each new set of codes, never otherwise.
    const added = path.steps.filter((s) =>
      /^xstate\.done\.actor\.(confirmTotp|registerPasskey|regenerateCodes)$/.test(s.event.type),
    ).length;
    expect(changed).toHaveBeenCalledTimes(added);
    actor.stop();
  });
});

describe('security page list model', () => {
  const data = {
    factors: { totp: { created_at: '2026-11-29T12:00:00.000Z' }, passkeys: [], recovery_codes_left: 10, enrolled: true, required: false },
    sessions: [],
  };
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: data },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'command.sent', command: { type: 'removeTotp' } },
    { type: 'command.sent', command: { type: 'endOtherSessions' } },
    { type: 'xstate.done.actor.run', output: undefined },
    { type: 'xstate.error.actor.run', error: { status: 403, code: 'auth.step_up_required', messages: ['Confirme.'] } },
  ];
  const paths = pathsOf(securityMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(securityMachine, ['load', 'run']);
    const machine = securityMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof securityMachine>['context'];
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: {}, command: context.sent });
      // A refused change (the step-up given up) keeps what the page showed.
      if (context.failure) expect(snapshot.hasTag('state:ready')).toBe(true);
    });
    actor.stop();
  });
});
