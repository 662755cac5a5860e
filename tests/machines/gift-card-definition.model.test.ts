import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { giftCardDefinitionSchema, giftCardDesignSchema, giftCardRecipientsSchema } from '../../contracts/gift-card-definition';
import {
  giftCardDefinitionMachine,
  type GiftCardDefinitionContext,
  type GiftCardDefinitionOutput,
} from '../../machines/gift-card/gift-card-definition.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the gift-card definition: every path of its graph (valid and refused data on
 * each step, back from each step, PDF and e-mail shipping) replayed on a live actor. Whatever the
 * view sends, the machine finishes only with a definition the server's schema accepts, a refused
 * step names why, and going back keeps what was typed.
 */

const submittedAt = '2026-11-25T12:00:00.000Z';
const design = { value: 5_000, quantity: 2, template: 'girassol' as const, message: 'Feliz Natal!', from: 'Carla' };
const ana = { name: 'Ana Souza', email: 'ana@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' };
const bia = { name: 'Bia Lima', email: 'bia@exemplo.com.br', email_confirmation: 'bia@exemplo.com.br' };

const events: GraphEvent[] = [
  { type: 'design.submitted', design },
  { type: 'design.submitted', design: { ...design, value: 2_950 } },
  { type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt },
  { type: 'shipping.submitted', shipping: { mode: 'pdf' }, submittedAt },
  { type: 'shipping.submitted', shipping: { mode: 'email_scheduled', send_at: '2026-12-24T09:00:00-03:00' }, submittedAt },
  { type: 'shipping.submitted', shipping: { mode: 'email_scheduled', send_at: '2026-11-24T09:00:00-03:00' }, submittedAt },
  { type: 'recipients.submitted', recipients: [ana, bia] },
  { type: 'recipients.submitted', recipients: [ana, { ...bia, email: 'ANA@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' }] },
  { type: 'recipients.submitted', recipients: [ana] },
  { type: 'card.removed', row: 1 },
  { type: 'definition.confirmed' },
  { type: 'step.backRequested' },
];

/** States by what a tester sees: the step, whether it shows issues, and what was chosen. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as GiftCardDefinitionContext;
  return JSON.stringify([snapshot.value, c.issues.length > 0, c.design?.quantity ?? null, c.shipping, c.recipients.length]);
};

const paths = pathsOf(giftCardDefinitionMachine, { events, serializeState });

function invariant(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as GiftCardDefinitionContext;
  // Each step but the first is reached only with the steps before it accepted.
  if (!snapshot.hasTag('step:design')) expect(context.design).not.toBeNull();
  if (snapshot.hasTag('step:recipients') || snapshot.hasTag('step:review')) expect(context.shipping).not.toBeNull();
  for (const issue of context.issues) expect(issue.message).toMatch(/^validation\./);
  if (snapshot.status !== 'done') return;
  const output = snapshot.output as GiftCardDefinitionOutput;
  const whole = { ...output.design, shipping: output.shipping, recipients: output.recipients };
  expect(giftCardDefinitionSchema(new Date(submittedAt)).safeParse(whole).success).toBe(true);
  if (output.shipping.mode === 'pdf') expect(output.recipients).toEqual([]);
  else expect(output.recipients).toHaveLength(output.design.quantity);
}

describe('gift card definition machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('finishes by e-mail now, by e-mail later and as a PDF', () => {
    const modes = paths.filter((p) => p.state.status === 'done').map((p) => (p.state.output as GiftCardDefinitionOutput).shipping.mode);
    expect(new Set(modes)).toEqual(new Set(['email_now', 'email_scheduled', 'pdf']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(giftCardDefinitionMachine, []);
    const actor = createActor(giftCardDefinitionMachine, { input: {} }).start();
    await replayPath(actor, giftCardDefinitionMachine, path, controls, invariant);
    actor.stop();
  });

  it("names why a step was refused: 'Valor menor que o permitido', a send in the past, duplicates", () => {
    const actor = createActor(giftCardDefinitionMachine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design: { ...design, value: 2_900 } });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'value', message: 'validation.amount.too_low' }]);
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_scheduled', send_at: '2026-11-24T09:00:00-03:00' }, submittedAt });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'send_at', message: 'validation.gift_card_send_at.past' }]);
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt });
    actor.send({ type: 'recipients.submitted', recipients: [ana, { ...ana, name: 'Outra Ana' }] });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: '', message: 'validation.gift_card_recipients.duplicated' }]);
    actor.send({ type: 'recipients.submitted', recipients: [ana] });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: '', message: 'validation.gift_card_recipients.count' }]);
    expect(actor.getSnapshot().hasTag('step:recipients')).toBe(true);
  });

  it('going back keeps what was typed, and a PDF goes back from the review to the shipping', () => {
    const actor = createActor(giftCardDefinitionMachine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'pdf' }, submittedAt });
    expect(actor.getSnapshot().hasTag('step:review')).toBe(true);
    actor.send({ type: 'step.backRequested' });
    expect(actor.getSnapshot().hasTag('step:shipping')).toBe(true);
    actor.send({ type: 'step.backRequested' });
    expect(actor.getSnapshot().context).toMatchObject({ design, shipping: { mode: 'pdf' } });
  });

  it('removing a card on the recipients step counts one card fewer and drops its recipient; the last card stays', () => {
    const actor = createActor(giftCardDefinitionMachine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt });
    actor.send({ type: 'recipients.submitted', recipients: [ana, { ...ana, name: 'Outra Ana' }] });
    actor.send({ type: 'card.removed', row: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ design: { ...design, quantity: 1 }, issues: [] });
    actor.send({ type: 'card.removed', row: 0 });
    expect(actor.getSnapshot().context.design?.quantity).toBe(1);
    actor.send({ type: 'recipients.submitted', recipients: [ana] });
    expect(actor.getSnapshot().hasTag('step:review')).toBe(true);
  });

  it('a definition from before starts on its card, or on the shipping step with why once its scheduled send has passed', () => {
    const stored = {
      design,
      shipping: { mode: 'email_scheduled' as const, send_at: '2026-11-25T15:00:00.000Z' },
      recipients: [ana, bia].map((r) => ({ ...r })),
    };
    const before = createActor(giftCardDefinitionMachine, { input: { ...stored, checkedAt: '2026-11-25T14:00:00.000Z' } }).start();
    expect(before.getSnapshot().hasTag('step:design')).toBe(true);
    expect(before.getSnapshot().context.issues).toEqual([]);
    const after = createActor(giftCardDefinitionMachine, { input: { ...stored, checkedAt: '2026-11-25T16:00:00.000Z' } }).start();
    expect(after.getSnapshot().hasTag('step:shipping')).toBe(true);
    expect(after.getSnapshot().context.issues).toEqual([{ path: 'send_at', message: 'validation.gift_card_send_at.past' }]);
    after.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt: '2026-11-25T16:00:00.000Z' });
    expect(after.getSnapshot().hasTag('step:recipients')).toBe(true);
    expect(after.getSnapshot().context.recipients).toHaveLength(2);
  });

  it('parses the design and the recipients once per submission, accepted or refused', () => {
    const spies = (schema: typeof giftCardDesignSchema | typeof giftCardRecipientsSchema) => [
      vi.spyOn(schema, 'safeParse'),
      vi.spyOn(schema, 'parse'),
    ];
    const designParses = spies(giftCardDesignSchema);
    const recipientParses = spies(giftCardRecipientsSchema);
    const count = (list: Array<{ mock: { calls: unknown[] } }>) => list.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const actor = createActor(giftCardDefinitionMachine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design: { ...design, value: 2_950 } });
    expect(count(designParses)).toBe(1);
    actor.send({ type: 'design.submitted', design });
    expect(count(designParses)).toBe(2);
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt });
    actor.send({ type: 'recipients.submitted', recipients: [ana] });
    expect(count(recipientParses)).toBe(1);
    actor.send({ type: 'recipients.submitted', recipients: [ana, bia] });
    expect(count(recipientParses)).toBe(2);
    expect(actor.getSnapshot().hasTag('step:review')).toBe(true);
    [...designParses, ...recipientParses].forEach((spy) => spy.mockRestore());
  });
});
