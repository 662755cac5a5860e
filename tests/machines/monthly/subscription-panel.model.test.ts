import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  canPause,
  canResume,
  subscriptionPanelMachine,
  type SubscriptionPanelContext,
} from '../../../machines/monthly/subscription-panel.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from '../support/replay';
import * as f from './fixtures';

/**
 * Model-based test of the subscription panel (/profile/wallet): every path the graph finds — loads
 * that fail, donors without a subscription, pause/resume/cancel confirmed or dismissed, amount and
 * card changes accepted or refused — is replayed on a live actor with controllable fakes.
 */

const active = f.subscription();
const paused = f.subscription({ status: 'paused', next_charge_at: null, paused_at: '2026-11-20T12:00:00.000Z' });
const canceled = f.subscription({ status: 'canceled', next_charge_at: null, canceled_at: '2026-11-21T12:00:00.000Z' });

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.loadSubscription', output: { subscription: active, charges: [f.charge()] } },
  { type: 'xstate.done.actor.loadSubscription', output: { subscription: paused, charges: [] } },
  { type: 'xstate.done.actor.loadSubscription', output: { subscription: null, charges: [] } },
  { type: 'xstate.error.actor.loadSubscription', error: f.apiError(500, 'internal') },
  { type: 'subscription.reloaded' },
  { type: 'subscription.pauseRequested' },
  { type: 'subscription.resumeRequested' },
  { type: 'subscription.cancelRequested' },
  { type: 'amount.editRequested' },
  { type: 'amount.submitted', amount: 7000 },
  // Below the monthly minimum, and the amount it already has: both refused without a call.
  { type: 'amount.submitted', amount: 500 },
  { type: 'amount.submitted', amount: 5000 },
  { type: 'card.editRequested' },
  { type: 'xstate.done.actor.loadSavedCards', output: [f.currentCard, f.otherCard] },
  { type: 'xstate.error.actor.loadSavedCards', error: f.apiError(500, 'internal') },
  { type: 'card.submitted', cardId: f.otherCard.id },
  { type: 'card.submitted', cardId: f.currentCard.id },
  { type: 'card.submitted', cardId: 'not-one-of-mine' },
  { type: 'edit.cancelled' },
  { type: 'xstate.done.actor.confirmChange', output: undefined },
  { type: 'xstate.error.actor.confirmChange', error: new Error('confirm: cancelled') },
  { type: 'xstate.done.actor.changeSubscription', output: canceled },
  { type: 'xstate.error.actor.changeSubscription', error: f.apiError(409, 'subscription.invalid_state') },
];

const invariant = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as SubscriptionPanelContext;
  // One screen at a time.
  expect(['state:loading', 'state:failed', 'state:none', 'state:loaded'].filter((t) => snapshot.hasTag(t))).toHaveLength(1);
  // Nothing is confirmed or sent that the subscription's status does not allow.
  if (snapshot.hasTag('state:confirming') || snapshot.hasTag('state:saving')) {
    expect(context.change).not.toBeNull();
    expect(context.subscription?.status).not.toBe('canceled');
    if (context.change?.kind === 'pause') expect(canPause(context.subscription)).toBe(true);
    if (context.change?.kind === 'resume') expect(canResume(context.subscription)).toBe(true);
  }
  if (snapshot.hasTag('state:saving') && context.change?.kind === 'update') {
    const { amount, card_id } = context.change.patch;
    if (amount !== undefined) expect(amount).toBe(7000);
    if (card_id !== undefined) expect(card_id).toBe(f.otherCard.id);
  }
  if (snapshot.hasTag('state:none')) expect(context.subscription).toBeNull();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('subscription panel model', () => {
  const paths = pathsOf(subscriptionPanelMachine, { events });

  it('reaches every screen: loading, failed, none, the details, each editor, the dialog and saving', () => {
    const tags = new Set(paths.flatMap((p) => p.steps.flatMap((s) => [...s.state.tags])));
    expect([...tags].sort()).toEqual(
      [
        'state:choosingCard',
        'state:confirming',
        'state:editingAmount',
        'state:failed',
        'state:loaded',
        'state:loading',
        'state:loadingCards',
        'state:none',
        'state:saving',
      ].sort(),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(subscriptionPanelMachine, [
      'loadSubscription',
      'loadSavedCards',
      'confirmChange',
      'changeSubscription',
    ]);
    const actor = createActor(subscriptionPanelMachine.provide({ actors: controls.actors })).start();
    await replayPath(actor, subscriptionPanelMachine, path, controls, invariant);
    // Every change sent went to this subscription, and only after the dialog said yes (or a form).
    for (const input of controls.calls('changeSubscription') as Array<{ id: string }>) expect(input.id).toBe(active.id);
    actor.stop();
  });
});
