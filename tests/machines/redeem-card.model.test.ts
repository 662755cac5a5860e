import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { redeemCardMachine, type RedeemCardContext } from '../../machines/gift-card/redeem-card.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the redemption page's machine, for a visitor and for a signed-in donor: every
 * path (card found, unknown, server down and retried, redeemed, refused) replayed on a live actor.
 * A visitor is never redeemed for (the prompt opens instead); the page says one thing at a time.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const code = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
const card = { balance: 5_000, expires_at: '2027-05-25T12:00:00.000Z' };
const events: GraphEvent[] = [
  { type: 'xstate.done.actor.lookUp', output: card },
  {
    type: 'xstate.error.actor.lookUp',
    error: { status: 404, code: 'gift_card.not_found', messages: ['Gift-card não encontrado'] },
  },
  { type: 'xstate.error.actor.lookUp', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'card.retried' },
  { type: 'redeem.requested' },
  {
    type: 'xstate.done.actor.act',
    output: { amount: 5_000, expires_at: card.expires_at, balance: 5_000, already_redeemed: false, redeemed_at: card.expires_at },
  },
  {
    type: 'xstate.error.actor.act',
    error: { status: 404, code: 'gift_card.not_found', messages: ['Gift-card não encontrado'] },
  },
];

describe.each([
  ['a visitor', false],
  ['a signed-in donor', true],
] as const)('redeem card page: %s', (_name, signedIn) => {
  const paths = pathsOf(redeemCardMachine, { input: { code, signedIn }, events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_path, path) => {
    const controls = controllableActors(redeemCardMachine, ['lookUp', 'act']);
    const promptVisitor = vi.fn();
    const machine = redeemCardMachine.provide({ actors: controls.actors, actions: { promptVisitor } });
    const actor = createActor(machine, { input: { code, signedIn } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as RedeemCardContext;
      const screens = ['state:loading', 'state:found', 'state:redeemed', 'state:notFound', 'state:unavailable'].filter((t) =>
        snapshot.hasTag(t),
      );
      expect(screens).toHaveLength(1);
      if (!signedIn) expect(snapshot.hasTag('state:redeeming') || snapshot.hasTag('state:redeemed')).toBe(false);
      if (snapshot.hasTag('state:redeemed')) expect(context.outcome?.amount).toBe(5_000);
    });
    if (!signedIn && path.steps.some((step) => step.event.type === 'redeem.requested')) expect(promptVisitor).toHaveBeenCalled();
    actor.stop();
  });
});
