import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { donationRequestSchema, errorCodes } from '../../contracts';
import { availableMethods, checkoutMachine, requestOf, type CheckoutContext } from '../../machines/checkout/checkout.machine';
import { controllableActors, describePath, pathsOf, replayPath, shortestPaths } from './support/replay';
import { checkoutModelEvents, checkoutModelKey, modelActorNames } from './checkout.model';
import * as f from './checkout.fixtures';

/**
 * Model-based test: paths generated from the checkout machine's graph (guest on a campaign, and the
 * PIX-only /doacao-pix checkout) are replayed on a live actor whose side effects are controllable
 * fakes; after every step the live snapshot must match the graph and keep the checkout's invariants.
 */

const invariant = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as CheckoutContext;
  // Foreigners only PayPal, everyone else never PayPal.
  const methods = availableMethods(context);
  if (context.contact.foreigner) expect(methods.every((m) => m === 'paypal')).toBe(true);
  else expect(methods).not.toContain('paypal');
  if (!context.allowForeigner) expect(context.contact.foreigner).not.toBe(true);
  // Nothing reaches the API that the contract would refuse, and never a card number.
  if (snapshot.hasTag('state:loading') && context.payment && !snapshot.hasTag('step:payment')) {
    const request = requestOf(context);
    expect(donationRequestSchema.safeParse(request).success).toBe(true);
    expect(JSON.stringify(request)).not.toContain('4111');
  }
  // Exactly one screen at a time.
  const screens = [
    'step:contact',
    'step:payment',
    'step:address',
    'state:waiting',
    'state:expired',
    'state:redirecting',
    'state:succeeded',
    'state:interrupted',
    'state:recovering',
  ].filter((t) => snapshot.hasTag(t));
  expect(screens.length).toBeLessThanOrEqual(1);
  // No dead ends: an open step always has a live child to take its events, also after its data was refused.
  for (const step of ['contact', 'payment', 'address'] as const) {
    if (snapshot.hasTag(`step:${step}`)) expect(snapshot.children[`${step}Step`]?.getSnapshot().status).toBe('active');
  }
};

/** A step reopened because the checkout refused what its child finished with (e.g. PayPal for a Brazilian). */
const reopenedAfterRefusal = (path: { steps: { state: AnyMachineSnapshot; event: { type: string } }[] }) =>
  path.steps.some(
    ({ state, event }) =>
      /^xstate\.done\.actor\.(contact|payment|address)Step$/.test(event.type) &&
      (state.context as CheckoutContext).failure?.code === errorCodes.validation &&
      ['step:contact', 'step:payment', 'step:address'].some((tag) => state.hasTag(tag)),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * The three-step checkout has too many simple paths to list (every back-and-forth between steps), so
 * it is covered by the shortest path to each of its ~140 distinct screens; the two-step PIX checkout
 * also gets the simple paths that take every transition.
 */
const modelPaths = (input: typeof f.guestInput, all: boolean, maxSteps: number) =>
  (all
    ? pathsOf(checkoutMachine, { input, events: checkoutModelEvents, serializeState: checkoutModelKey })
    : shortestPaths(checkoutMachine, { input, events: checkoutModelEvents, serializeState: checkoutModelKey })
  ).filter((path) => path.steps.length <= maxSteps);

describe.each([
  ['campaign checkout (guest)', f.guestInput, false, Infinity],
  ['PIX-only checkout', f.pixOnlyInput, true, Infinity],
  ['resumed after sign-in, registered address', f.resumedInput, false, Infinity],
  // Past its first few events a reloaded checkout is the guest's again (with the key kept): the paths
  // that tell them apart are the recovery's outcomes and the first steps after it.
  ['reloaded with an attempt whose answer was lost', f.reloadedInput, false, 5],
] as const)('checkout model: %s', (_name, input, all, maxSteps) => {
  const paths = modelPaths(input, all, maxSteps);

  it('reaches every outcome', () => {
    const ends = new Set(
      paths.flatMap((p) => p.steps.map((s) => [...s.state.tags].filter((t) => t.startsWith('state:') || t.startsWith('step:')).join())),
    );
    expect([...ends].join(' ')).toContain('state:succeeded');
    expect([...ends].join(' ')).toContain('state:waiting');
    expect(paths.some(reopenedAfterRefusal)).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(checkoutMachine, modelActorNames);
    const actor = createActor(checkoutMachine.provide({ actors: controls.actors }), { input }).start();
    await replayPath(actor, checkoutMachine, path, controls, invariant);
    actor.stop();
  });
});
