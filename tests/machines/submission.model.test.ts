import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { submissionMachine, type SubmissionInput, type SubmissionOutcome } from '../../machines/checkout/submission.machine';
import type { DonationRequestInput } from '../../contracts';
import { paymentInputOf, type PaymentChoice } from '../../machines/checkout/checkout.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';
import * as f from './checkout.fixtures';

/**
 * Model-based test of the submission every checkout hands its request to: paths from its graph (a new
 * card, and a method without one) replayed on a live actor with controllable tokeniser and API; every
 * path must end in one of the neutral outcomes, and the API never sees a card number.
 */

const request = (payment: PaymentChoice): DonationRequestInput => ({
  amount: 5000,
  payment: paymentInputOf(payment, null),
  contact: f.contact,
  address: f.address,
  message: null,
  is_anonymous: false,
  shared_campaign_id: null,
  campaign_slug: null,
});

const inputs: Array<[string, SubmissionInput]> = [
  ['new card', { request: request(f.cardChoice), card: f.card, cardToken: null, campaignSlug: f.campaign.slug, retryKey: null }],
  [
    'PIX, retried with its key',
    { request: request({ method: 'pix' }), card: null, cardToken: null, campaignSlug: null, retryKey: 'key-1' },
  ],
];

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.tokenizeCard', output: f.cardToken },
  { type: 'xstate.error.actor.tokenizeCard', error: { status: 400, code: 'card.token_invalid', messages: [] } },
  { type: 'xstate.done.actor.submit', output: f.answer('card', 'confirmed') },
  { type: 'xstate.done.actor.submit', output: f.answer('pix', 'pending') },
  { type: 'xstate.done.actor.submit', output: f.answer('paypal', 'pending') },
  { type: 'xstate.done.actor.submit', output: f.answer('card', 'failed') },
  { type: 'xstate.error.actor.submit', error: f.declined },
  { type: 'xstate.error.actor.submit', error: f.networkError },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each(inputs)('submission model: %s', (_name, input) => {
  const paths = pathsOf(submissionMachine, { input, events });

  it('ends in every neutral outcome the path allows', () => {
    const ends = paths.filter((p) => p.state.value === 'done');
    const statuses = new Set(ends.map((p) => (p.state.context as { outcome: SubmissionOutcome }).outcome.status));
    expect([...statuses].sort()).toEqual(['confirmed', 'declined', 'interrupted', 'pending_paypal', 'pending_pix']);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(submissionMachine, ['tokenizeCard', 'submit']);
    const actor = createActor(submissionMachine.provide({ actors: controls.actors }), { input }).start();
    await replayPath(actor, submissionMachine, path, controls);
    for (const sent of controls.calls('submit') as Array<{ request: unknown; retryKey: string | null }>) {
      // The API gets the token, never the card; a retry reuses the key of the cut attempt.
      expect(JSON.stringify(sent)).not.toContain('4111');
      expect(sent.retryKey).toBe(input.retryKey);
    }
    const end = actor.getSnapshot() as AnyMachineSnapshot;
    if (end.status === 'done') {
      const outcome = end.output as SubmissionOutcome;
      if (outcome.status === 'interrupted') expect(outcome.retryKey).toBe('key-1');
      if (outcome.status === 'declined') expect(outcome.failure.code).toMatch(/^(payment\.declined|card\.token_invalid)$/);
    }
    actor.stop();
  });
});
