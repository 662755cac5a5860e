import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { cancelLinkMachine, isInvalidLinkError } from '../../../machines/monthly/cancel-link.machine';
import { monthlyGateMachine } from '../../../machines/monthly/monthly-gate.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from '../support/replay';
import * as f from './fixtures';

/** Model-based tests of the e-mail cancel link and of the gate before the monthly checkout. */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const linkEvents: GraphEvent[] = [
  { type: 'xstate.done.actor.lookUp', output: { amount: 5000, status: 'active' } },
  { type: 'xstate.done.actor.lookUp', output: { amount: 5000, status: 'canceled' } },
  { type: 'xstate.error.actor.lookUp', error: f.apiError(404) },
  { type: 'xstate.error.actor.lookUp', error: f.apiError(0, 'network') },
  { type: 'link.retried' },
  { type: 'cancel.confirmed' },
  { type: 'xstate.done.actor.act', output: { amount: 5000, status: 'canceled' } },
  { type: 'xstate.error.actor.act', error: f.apiError(400, 'subscription.link_invalid') },
  { type: 'xstate.error.actor.act', error: f.apiError(503, 'internal') },
];

const oneScreen = (snapshot: AnyMachineSnapshot) =>
  expect(
    ['state:loading', 'state:confirm', 'state:canceled', 'state:alreadyCanceled', 'state:invalid', 'state:unavailable'].filter((t) =>
      snapshot.hasTag(t),
    ),
  ).toHaveLength(1);

describe('cancel link model', () => {
  const paths = pathsOf(cancelLinkMachine, { events: linkEvents, input: { token: 'signed-token-123' } });

  it('reaches every outcome', () => {
    const finals = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of ['canceled', 'alreadyCanceled', 'invalid']) expect(finals).toContain(JSON.stringify(state));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(cancelLinkMachine, ['lookUp', 'act']);
    const actor = createActor(cancelLinkMachine.provide({ actors: controls.actors }), {
      input: { token: 'signed-token-123' },
    }).start();
    await replayPath(actor, cancelLinkMachine, path, controls, oneScreen);
    // The token goes to the API as it came, and cancelling happens only after the donor confirmed.
    for (const input of [...controls.calls('lookUp'), ...controls.calls('act')]) expect(input).toEqual({ key: 'signed-token-123' });
    const confirmed = path.steps.filter((s) => s.event.type === 'cancel.confirmed').length;
    expect(controls.calls('act')).toHaveLength(confirmed);
    actor.stop();
  });

  it('a link without a token is invalid at once, and nothing is called', () => {
    const controls = controllableActors(cancelLinkMachine, ['lookUp', 'act']);
    const actor = createActor(cancelLinkMachine.provide({ actors: controls.actors }), { input: { token: null } }).start();
    expect(actor.getSnapshot().hasTag('state:invalid')).toBe(true);
    expect(controls.calls('lookUp')).toEqual([]);
  });

  it('only client errors mean a bad link; timeouts, rate limits, network and server errors can be retried', () => {
    expect([400, 401, 403, 404, 410].map((status) => isInvalidLinkError({ status }))).toEqual([true, true, true, true, true]);
    expect([0, 408, 429, 500, 503].map((status) => isInvalidLinkError({ status }))).toEqual([false, false, false, false, false]);
    expect(isInvalidLinkError(new Error('x'))).toBe(false);
  });
});

describe('monthly checkout gate model', () => {
  const gateEvents: GraphEvent[] = [
    { type: 'xstate.done.actor.loadSubscription', output: { subscription: f.subscription() } },
    { type: 'xstate.done.actor.loadSubscription', output: { subscription: f.subscription({ status: 'paused' }) } },
    { type: 'xstate.done.actor.loadSubscription', output: { subscription: f.subscription({ status: 'canceled' }) } },
    { type: 'xstate.done.actor.loadSubscription', output: { subscription: null } },
    { type: 'xstate.error.actor.loadSubscription', error: f.apiError(500, 'internal') },
  ];
  const cases = [
    [{ signedIn: true }, ['state:hasOpen', 'state:ready']],
    [{ signedIn: false }, ['state:visitor']],
  ] as const;

  it.each(cases)('%o ends in %o', async (input, ends) => {
    const paths = pathsOf(monthlyGateMachine, { events: gateEvents, input });
    const settled = new Set(paths.flatMap((p) => [...p.state.tags]).filter((t) => t !== 'state:loading'));
    expect([...settled].sort()).toEqual([...ends].sort());
    for (const path of paths) {
      const controls = controllableActors(monthlyGateMachine, ['loadSubscription']);
      const actor = createActor(monthlyGateMachine.provide({ actors: controls.actors }), { input }).start();
      await replayPath(actor, monthlyGateMachine, path, controls);
      // A paused subscription is still open (resume it instead of opening another); a canceled one is not.
      const output = path.steps.find((s) => s.event.type === 'xstate.done.actor.loadSubscription')?.event as
        { output?: { subscription: { status: string } | null } } | undefined;
      const status = output?.output?.subscription?.status;
      if (status === 'active' || status === 'paused') expect(actor.getSnapshot().hasTag('state:hasOpen')).toBe(true);
      if (status === 'canceled' || (output && !output.output?.subscription)) expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
      actor.stop();
    }
  });
});
