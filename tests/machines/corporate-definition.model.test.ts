import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { corporateGiftCardOrderRequestSchema } from '../../contracts/gift-card-orders';
import { analyseRecipientRows } from '../../contracts/recipient-sheet';
import {
  corporateDefinitionMachine,
  type CorporateDefinitionContext,
  type CorporateDefinitionOutput,
} from '../../machines/gift-card/corporate-definition.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the corporate definition: every transition of its graph (a spreadsheet read,
 * refused, unreadable, with no usable row, uploaded or refused by the server; codes in and out of
 * range; the logo offered from 100 cards, uploaded, refused, removed; back from every step) replayed
 * on a live actor. Whatever happens, the machine finishes only with what the corporate order's schema
 * accepts, the logo only from 100 cards, and a refused step names why.
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
const refused = { status: 400, code: 'validation', messages: ['O logo deve ter a proporção 19:9'] };

const events: GraphEvent[] = [
  { type: 'design.submitted', design },
  { type: 'design.submitted', design: { ...design, message: '' } },
  { type: 'sheet.selected', file },
  { type: 'sheet.progress', fraction: 0.5 },
  { type: 'sheet.read', sheet: goodSheet },
  { type: 'sheet.read', sheet: uselessSheet },
  { type: 'sheet.read', sheet: { ok: false, problem: 'validation.recipient_sheet.no_columns' } },
  { type: 'sheet.unreadable' },
  { type: 'sheet.confirmed' },
  { type: 'sheet.discarded' },
  { type: 'xstate.done.actor.uploadSheet', output: { id: sheetId, accepted: 118, rejected: [] } },
  { type: 'xstate.error.actor.uploadSheet', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'codes.submitted', quantity: 150 },
  { type: 'codes.submitted', quantity: 20 },
  { type: 'codes.submitted', quantity: 0 },
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

/** States by their whole context, a preview by its counts (its rows are the same file's). */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { preview, ...context } = snapshot.context as CorporateDefinitionContext;
  return JSON.stringify([snapshot.value, context, preview && [preview.accepted, preview.rejected.length]]);
};

// The browser's worker stands outside: these tests send its sheet.progress / sheet.read themselves.
const definitionMachine = corporateDefinitionMachine.provide({ actors: { readSheet: fromCallback(() => undefined) } });
const paths = pathsOf(definitionMachine, { events, serializeState });

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
  // The preview names each refused row by its line in the file.
  if (snapshot.hasTag('state:preview')) expect([[120, 121], [2]]).toContainEqual(context.preview?.rejected.map((r) => r.line));
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
    const controls = controllableActors(definitionMachine, ['uploadSheet', 'uploadLogo']);
    const machine = definitionMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, invariant);
    actor.stop();
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
    const controls = controllableActors(definitionMachine, ['uploadSheet', 'uploadLogo']);
    const actor = createActor(definitionMachine.provide({ actors: controls.actors }), { input: {} }).start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'sheet.selected', file });
    actor.send({ type: 'sheet.progress', fraction: 0.4 });
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    actor.send({ type: 'sheet.read', sheet: goodSheet });
    const { preview } = actor.getSnapshot().context;
    expect(preview?.accepted).toBe(118);
    expect(preview?.rejected.map((row) => [row.line, row.problems])).toEqual([
      [120, ['validation.name.required']],
      [121, ['validation.recipient_sheet.duplicate']],
    ]);
    actor.send({ type: 'sheet.confirmed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(controls.calls('uploadSheet')).toEqual([{ file }]);
  });

  it('refuses a sheet without a usable row and a number of codes out of range, saying why', () => {
    const actor = createActor(definitionMachine, { input: {} }).start();
    actor.send({ type: 'design.submitted', design });
    actor.send({ type: 'sheet.selected', file });
    actor.send({ type: 'sheet.read', sheet: uselessSheet });
    actor.send({ type: 'sheet.confirmed' });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'sheet', message: 'validation.recipient_sheet.no_valid_rows' }]);
    actor.send({ type: 'sheet.discarded' });
    actor.send({ type: 'codes.submitted', quantity: 100_001 });
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'quantity', message: 'validation.gift_card_corporate.quantity' }]);
    expect(actor.getSnapshot().hasTag('step:recipients')).toBe(true);
  });

  it('opened again with its scheduled send passed, it starts on the shipping step with why, the spreadsheet and logo kept', () => {
    const definition: CorporateDefinitionOutput = {
      design,
      recipients: {
        source: 'sheet',
        sheet_id: sheetId,
        count: 118,
        shipping: { mode: 'email_scheduled', send_at: '2026-11-25T15:00:00.000Z' },
        file_name: 'equipe.xlsx',
      },
      logo,
    };
    const ahead = createActor(definitionMachine, { input: { definition, checkedAt: '2026-11-25T14:00:00.000Z' } }).start();
    expect(ahead.getSnapshot().hasTag('step:design')).toBe(true);
    expect(ahead.getSnapshot().context).toMatchObject({ design, sheet: null, issues: [] });

    const actor = createActor(definitionMachine, { input: { definition, checkedAt: '2026-11-25T16:00:00.000Z' } }).start();
    expect(actor.getSnapshot().hasTag('step:shipping')).toBe(true);
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'send_at', message: 'validation.gift_card_send_at.past' }]);
    actor.send({ type: 'step.backRequested' });
    expect(actor.getSnapshot().context.preview).toMatchObject({ fileName: 'equipe.xlsx', accepted: 118 });
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
