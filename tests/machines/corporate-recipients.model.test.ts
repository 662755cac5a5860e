import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { corporateQuantitySchema } from '../../contracts/gift-card-orders';
import { analyseRecipientRows } from '../../contracts/recipient-sheet';
import type {
  CorporateRecipientsContext,
  CorporateRecipientsInput,
  CorporateRecipientsOutput,
} from '../../machines/gift-card/corporate-definition-types';
import { corporateRecipientsMachine } from '../../machines/gift-card/corporate-recipients.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the corporate definition's recipients step: every transition of its graph (a
 * spreadsheet read, refused, unreadable, with no usable row, uploaded or refused by the server; codes
 * in and out of range; back from anywhere), opened fresh, back on a spreadsheet the server kept, and
 * back on codes. It ends only with a spreadsheet the server kept or codes the order accepts.
 */

const file = { name: 'equipe.xlsx', size: 24_000 };
const goodSheet = analyseRecipientRows([
  ['Nome', 'E-mail'],
  ...Array.from({ length: 118 }, (_, i) => [`Pessoa ${i + 1}`, `pessoa${i + 1}@acme.com.br`]),
  ['', 'sem-nome@acme.com.br'],
  ['Pessoa 1 de novo', 'pessoa1@acme.com.br'],
]);
const uselessSheet = analyseRecipientRows([
  ['Nome', 'E-mail'],
  ['Ana', 'não-é-email'],
]);
const sheetId = '4b0f7a64-8f0c-4a57-9f8e-1f5c7e2d9a10';

const events: GraphEvent[] = [
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
  { type: 'codes.submitted', quantity: 0 },
  { type: 'step.backRequested' },
];

const fresh: CorporateRecipientsInput = { preview: null, sheet: null, quantity: null, resumed: false };
const inputs: Array<[string, CorporateRecipientsInput]> = [
  ['opened from the design', fresh],
  [
    'back on a spreadsheet the server kept',
    {
      preview: { fileName: 'equipe.xlsx', accepted: 118, sample: [], rejected: [] },
      sheet: { id: sheetId, accepted: 118 },
      quantity: null,
      resumed: true,
    },
  ],
  ['back on codes', { preview: null, sheet: null, quantity: 150, resumed: true }],
];

/** States by their whole context, a preview by its counts (its rows are the same file's). */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { preview, ...context } = snapshot.context as CorporateRecipientsContext;
  return JSON.stringify([snapshot.value, context, preview && [preview.accepted, preview.rejected.length]]);
};

// The browser's worker stands outside: these tests send its sheet.progress / sheet.read themselves.
const recipientsMachine = corporateRecipientsMachine.provide({ actors: { readSheet: fromCallback(() => undefined) } });

function invariant(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as CorporateRecipientsContext;
  // The preview names each refused row by its line in the file.
  if (snapshot.hasTag('state:preview')) expect([[120, 121], [2], []]).toContainEqual(context.preview?.rejected.map((r) => r.line));
  for (const issue of context.issues) expect(issue.message).toMatch(/^validation\./);
  if (snapshot.status !== 'done') return;
  const output = snapshot.output as CorporateRecipientsOutput;
  if (output.exit === 'sheet') expect(output).toMatchObject({ sheet: { id: sheetId, accepted: 118 }, quantity: null });
  if (output.exit === 'codes') {
    expect(corporateQuantitySchema.safeParse(output.quantity).success).toBe(true);
    expect(output).toMatchObject({ preview: null, sheet: null });
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each(inputs)('corporate recipients machine, %s', (_name, input) => {
  // A final state takes no more events (the graph would still follow the machine's own `on`).
  const paths = pathsOf(recipientsMachine, { input, events, serializeState, stopWhen: (snapshot) => snapshot.status === 'done' });

  it('ends with a spreadsheet, with codes, and back', () => {
    const exits = paths.filter((p) => p.state.status === 'done').map((p) => (p.state.output as CorporateRecipientsOutput).exit);
    expect(new Set(exits)).toEqual(new Set(['sheet', 'codes', 'back']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_path, path) => {
    const controls = controllableActors(recipientsMachine, ['uploadSheet']);
    const machine = recipientsMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input }).start();
    await replayPath(actor, machine, path, controls, invariant);
    actor.stop();
  });
});

describe('corporate recipients machine', () => {
  it('checks the number of codes once per submission', () => {
    const safeParse = vi.spyOn(corporateQuantitySchema, 'safeParse');
    const parse = vi.spyOn(corporateQuantitySchema, 'parse');
    const actor = createActor(recipientsMachine, { input: fresh }).start();
    actor.send({ type: 'codes.submitted', quantity: 0 });
    expect(safeParse.mock.calls.length + parse.mock.calls.length).toBe(1);
    actor.send({ type: 'codes.submitted', quantity: 150 });
    expect(safeParse.mock.calls.length + parse.mock.calls.length).toBe(2);
    expect(actor.getSnapshot().output).toEqual({ exit: 'codes', preview: null, sheet: null, quantity: 150 });
    safeParse.mockRestore();
    parse.mockRestore();
  });

  it('without a worker to read the spreadsheet provided, choosing a file fails loudly instead of waiting forever', () => {
    const actor = createActor(corporateRecipientsMachine, { input: fresh });
    actor.subscribe({ error: () => undefined });
    actor.start();
    actor.send({ type: 'sheet.selected', file });
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(actor.getSnapshot().error)).toContain('readSheet not provided');
  });
});
