import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { corporateGiftCardDesignSchema, giftCardShippingSchema } from '../../contracts/gift-card-definition';
import { corporateGiftCardOrderRequestSchema, corporateQuantitySchema } from '../../contracts/gift-card-orders';
import { analyseRecipientRows } from '../../contracts/recipient-sheet';
import {
  corporateDefinitionMachine,
  type CorporateDefinitionContext,
  type CorporateDefinitionOutput,
  type CorporateRecipientsOutput,
} from '../../machines/gift-card/corporate-definition.machine';
import { corporateRecipientsMachine } from '../../machines/gift-card/corporate-recipients.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

// Counts the shipping schemas made: each is made for one check (checkedShipping), so one made is one parse.
vi.mock('../../contracts/gift-card-definition', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../contracts/gift-card-definition')>();
  return { ...original, giftCardShippingSchema: vi.fn(original.giftCardShippingSchema) };
});

/**
 * Model-based tests of the corporate definition: every transition of its graph (the recipients step
 * ending with a spreadsheet, codes of either side of 100, or back; the shipping accepted or refused;
 * the logo offered from 100 cards, uploaded, refused, removed; back from every step) replayed on a
 * live actor, its recipients step a fake the test finishes (its own paths: corporate-recipients.model.test.ts).
 * Whatever happens, the machine finishes only with what the corporate order's schema accepts, the logo
 * only from 100 cards, and a refused step names why. Then the two together, with the real recipients step.
 */

const submittedAt = '2026-11-25T12:00:00.000Z';
const design = { value: 10_000, template: 'gratidao' as const, message: 'Obrigado pelo ano!', from: 'Acme Ltda' };
const file = { name: 'equipe.xlsx', size: 24_000 };
const rows = [
  ['Nome', 'E-mail'],
  ...Array.from({ length: 118 }, (_, i) => [`Pessoa ${i + 1}`, `pessoa${i + 1}@acme.com.br`]),
  ['', 'sem-nome@acme.com.br'],
  ['Pessoa 1 de novo', 'pessoa1@acme.com.br'],
];
const goodSheet = analyseRecipientRows(rows);
const uselessSheet = analyseRecipientRows([
  ['Nome', 'E-mail'],
  ['Ana', 'não-é-email'],
]);
const sheetId = '4b0f7a64-8f0c-4a57-9f8e-1f5c7e2d9a10';
const logo = { id: '9d1e3c2b-1a2b-4c3d-8e4f-5a6b7c8d9e0f', url: '/img/logos/x.png', width: 1900, height: 900 };
/** A definition saved with the spreadsheet of 118 people, sent by e-mail at `sendAt`. */
const scheduledSheetDefinition = (sendAt: string, withLogo: typeof logo | null): CorporateDefinitionOutput => ({
  design,
  recipients: {
    source: 'sheet',
    sheet_id: sheetId,
    count: 118,
    shipping: { mode: 'email_scheduled', send_at: sendAt },
    file_name: file.name,
  },
  logo: withLogo,
});
const refused = { status: 400, code: 'validation', messages: ['O logo deve ter a proporção 19:9'] };

const preview = { fileName: file.name, accepted: 118, sample: [], rejected: [] };
const ended = (output: CorporateRecipientsOutput): GraphEvent => ({ type: 'xstate.done.actor.recipients', output });

const events: GraphEvent[] = [
  { type: 'design.submitted', design },
  { type: 'design.submitted', design: { ...design, message: '' } },
  ended({ exit: 'sheet', preview, sheet: { id: sheetId, accepted: 118 }, quantity: null }),
  ended({ exit: 'codes', preview: null, sheet: null, quantity: 150 }),
  ended({ exit: 'codes', preview: null, sheet: null, quantity: 20 }),
  ended({ exit: 'back', preview: null, sheet: null, quantity: 150 }),
  { type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt },
  { type: 'shipping.submitted', shipping: { mode: 'pdf' }, submittedAt },
  { type: 'logo.selected', file: { name: 'logo.png', size: 40_000 } },
  { type: 'xstate.done.actor.uploadLogo', output: logo },
  { type: 'xstate.error.actor.uploadLogo', error: refused },
  { type: 'logo.removed' },
  { type: 'logo.confirmed' },
  { type: 'definition.confirmed' },
  { type: 'step.backRequested' },
];

const paths = pathsOf(corporateDefinitionMachine, { events });

/** The definition with its real recipients step, whose upload the test settles. */
function withRecipientsStep() {
  const controls = controllableActors(corporateRecipientsMachine, ['uploadSheet']);
  // The browser's worker stands outside: these tests send its sheet.progress / sheet.read themselves.
  const recipients = corporateRecipientsMachine.provide({
    actors: { readSheet: fromCallback(() => undefined), uploadSheet: controls.actors.uploadSheet },
  });
  return { controls, machine: corporateDefinitionMachine.provide({ actors: { recipients } }) };
}

const contact = {
  is_company: true,
  corporate_name: 'Acme Ltda',
  contact_name: 'Carla Dias',
  email: 'rh@acme.com.br',
  cnpj: '11.222.333/0001-81',
  telephone: '(11) 98765-4321',
};

function invariant(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as CorporateDefinitionContext;
  if (!snapshot.hasTag('step:design')) expect(context.design).not.toBeNull();
  if (snapshot.hasTag('step:shipping')) expect(context.sheet?.id).toBe(sheetId);
  if (snapshot.hasTag('step:logo')) expect((context.sheet?.accepted ?? context.quantity ?? 0) >= 100).toBe(true);
  for (const issue of context.issues) expect(issue.message).toMatch(/^validation\./);
  if (snapshot.status !== 'done') return;
  const output = snapshot.output as CorporateDefinitionOutput;
  const { count: _count, ...recipients } =
    output.recipients.source === 'sheet' ? output.recipients : { ...output.recipients, count: output.recipients.quantity };
  const request = {
    definition: { ...output.design, recipients, logo_id: output.logo?.id ?? null },
    contact,
    payment: { method: 'pix' },
  };
  expect(corporateGiftCardOrderRequestSchema.safeParse(request).success).toBe(true);
  const count = output.recipients.source === 'sheet' ? output.recipients.count : output.recipients.quantity;
  if (count < 100) expect(output.logo).toBeNull();
}

describe('corporate gift card definition machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('finishes with a spreadsheet, with codes, with and without a logo', () => {
    const done = paths.filter((p) => p.state.status === 'done').map((p) => p.state.output as CorporateDefinitionOutput);
    expect(new Set(done.map((o) => o.recipients.source))).toEqual(new Set(['sheet', 'codes']));
    expect(new Set(done.map((o) => o.logo !== null))).toEqual(new Set([true, false]));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(corporateDefinitionMachine, ['recipients', 'uploadLogo']);
    const machine = corporateDefinitionMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, invariant);
    actor.stop();
  });

  it('parses each schema once per event: the design, the codes (in the recipients step) and the shipping', () => {
    const designParses = [vi.spyOn(corporateGiftCardDesignSchema, 'safeParse'), vi.spyOn(corporateGiftCardDesignSchema, 'parse')];
    const quantityParses = [vi.spyOn(corporateQuantitySchema, 'safeParse'), vi.spyOn(corporateQuantitySchema, 'parse')];
    const shippingSchemas = vi.mocked(giftCardShippingSchema);
    shippingSchemas.mockClear();
    const count = (spies: Array<{ mock: { calls: unknown[] } }>) => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const actor = createActor(withRecipientsStep().machine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design: { ...design, message: '' } });
    expect(count(designParses)).toBe(1);
    actor.send({ type: 'design.submitted', design });
    expect(count(designParses)).toBe(2);
    actor.send({ type: 'codes.submitted', quantity: 0 });
    expect(count(quantityParses)).toBe(1);
    actor.send({ type: 'codes.submitted', quantity: 20 });
    expect(count(quantityParses)).toBe(2);
    expect(actor.getSnapshot().hasTag('step:review')).toBe(true);
    actor.send({ type: 'step.backRequested' });
    actor.send({ type: 'sheet.selected', file });
    actor.send({ type: 'sheet.read', sheet: goodSheet });
    actor.send({ type: 'sheet.confirmed' });
    expect(shippingSchemas).not.toHaveBeenCalled();
    [...designParses, ...quantityParses].forEach((spy) => spy.mockRestore());
  });

  it('parses the shipping once per submission, accepted or refused', () => {
    const shippingSchemas = vi.mocked(giftCardShippingSchema);
    const definition = scheduledSheetDefinition(submittedAt, null);
    const actor = createActor(withRecipientsStep().machine, { input: { definition, checkedAt: '2026-11-25T16:00:00.000Z' } }).start();
    expect(actor.getSnapshot().hasTag('step:shipping')).toBe(true);
    shippingSchemas.mockClear();
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'pdf' }, submittedAt });
    expect(shippingSchemas).toHaveBeenCalledTimes(1);
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt });
    expect(shippingSchemas).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('step:logo')).toBe(true);
  });

  it('without a worker to read the spreadsheet provided, choosing a file fails loudly instead of waiting forever', () => {
    const actor = createActor(corporateDefinitionMachine, { input: {} });
    actor.subscribe({ error: () => undefined });
    actor.start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'sheet.selected', file });
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(actor.getSnapshot().error)).toContain('readSheet not provided');
  });

  it('shows the rows refused by line, and sends the file the company chose', async () => {
    const { controls, machine } = withRecipientsStep();
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'sheet.selected', file });
    actor.send({ type: 'sheet.progress', fraction: 0.4 });
    const step = () => actor.getSnapshot().children.recipients!.getSnapshot();
    expect(step().context.progress).toBe(0.4);
    actor.send({ type: 'sheet.read', sheet: goodSheet });
    const { preview } = step().context;
    expect(preview?.accepted).toBe(118);
    expect(preview?.rejected.map((row) => [row.line, row.problems])).toEqual([
      [120, ['validation.name.required']],
      [121, ['validation.recipient_sheet.duplicate']],
    ]);
    actor.send({ type: 'sheet.confirmed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(controls.calls('uploadSheet')).toEqual([{ file }]);
    controls.resolve('uploadSheet', { id: sheetId, accepted: 118, rejected: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('step:shipping')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      sheet: { id: sheetId, accepted: 118 },
      quantity: null,
      preview: { accepted: 118 },
    });
  });

  it('refuses a sheet without a usable row and a number of codes out of range, saying why', () => {
    const actor = createActor(withRecipientsStep().machine, { input: {} }).start();
    const step = () => actor.getSnapshot().children.recipients!.getSnapshot();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'sheet.selected', file });
    actor.send({ type: 'sheet.read', sheet: uselessSheet });
    actor.send({ type: 'sheet.confirmed' });
    expect(step().context.issues).toEqual([{ path: 'sheet', message: 'validation.recipient_sheet.no_valid_rows' }]);
    actor.send({ type: 'sheet.discarded' });
    actor.send({ type: 'codes.submitted', quantity: 100_001 });
    expect(step().context.issues).toEqual([{ path: 'quantity', message: 'validation.gift_card_corporate.quantity' }]);
    expect(actor.getSnapshot().hasTag('step:recipients')).toBe(true);
  });

  it('opened again with its scheduled send passed, it starts on the shipping step with why, the spreadsheet and logo kept', () => {
    const definition = scheduledSheetDefinition('2026-11-25T15:00:00.000Z', logo);
    const { machine } = withRecipientsStep();
    const ahead = createActor(machine, { input: { definition, checkedAt: '2026-11-25T14:00:00.000Z' } }).start();
    expect(ahead.getSnapshot().hasTag('step:design')).toBe(true);
    expect(ahead.getSnapshot().context).toMatchObject({ design, sheet: null, issues: [] });

    const actor = createActor(machine, { input: { definition, checkedAt: '2026-11-25T16:00:00.000Z' } }).start();
    expect(actor.getSnapshot().hasTag('step:shipping')).toBe(true);
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'send_at', message: 'validation.gift_card_send_at.past' }]);
    actor.send({ type: 'step.backRequested' });
    const step = actor.getSnapshot().children.recipients!.getSnapshot();
    expect(step.hasTag('state:preview')).toBe(true);
    expect(step.context.preview).toMatchObject({ fileName: 'equipe.xlsx', accepted: 118 });
    actor.send({ type: 'sheet.confirmed' });
    actor.send({ type: 'shipping.submitted', shipping: { mode: 'email_now' }, submittedAt: '2026-11-25T16:00:00.000Z' });
    actor.send({ type: 'logo.confirmed' });
    actor.send({ type: 'definition.confirmed' });
    expect(actor.getSnapshot().output).toEqual({
      design,
      recipients: { source: 'sheet', sheet_id: sheetId, count: 118, shipping: { mode: 'email_now' }, file_name: 'equipe.xlsx' },
      logo,
    });
  });
});
