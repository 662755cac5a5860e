import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { giftCardMessages as gc } from '../../contracts/gift-card-messages';
import type { RecipientSheetResult } from '../../contracts/gift-card-orders';
import type { RecipientSheet } from '../../contracts/recipient-sheet';
import { formFailureOf } from '../forms/form-failure';
import { required } from '../required';
import { checkedQuantity, exitOf } from './corporate-definition-rules';
import type { Checked, DefinitionIssue } from './definition-issues';
import type {
  ChosenFile,
  CorporateRecipientsContext,
  CorporateRecipientsEvent,
  CorporateRecipientsInput,
  CorporateRecipientsOutput,
} from './corporate-definition-types';

/**
 * The corporate definition's recipients step (its parent, corporate-definition.machine.ts, invokes it
 * as `recipients` and passes it the view's events):
 *
 *   starting ─┬─► choosing ─sheet.selected─► reading (progress) ─sheet.read─► preview ─sheet.confirmed─► uploading ─► sheet (final)
 *             │      └─ codes.submitted ─► codes (final)        (unreadable, refused: back to choosing with why)
 *             └─ (resumed with a spreadsheet the server kept) ─► preview ─sheet.confirmed─► sheet (final, not sent again)
 *   step.backRequested, from anywhere ─► back (final)
 *
 * The spreadsheet is read by `readSheet` (the browser's worker: `sheet.progress`, then `sheet.read` or
 * `sheet.unreadable`), its refused rows shown by line before anything is sent; confirmed, the file goes
 * to the server (`uploadSheet`), which reads it again and keeps its recipients. It ends with what was
 * chosen, even when going back, so the design step and a later visit see what the company left here.
 */

/** A few recipients are enough to show the file was read as meant. */
const SAMPLE_SIZE = 5;

export const corporateRecipientsMachine = setup({
  types: {
    context: {} as CorporateRecipientsContext,
    events: {} as CorporateRecipientsEvent,
    input: {} as CorporateRecipientsInput,
    output: {} as CorporateRecipientsOutput,
  },
  actors: {
    /** Reads the file in the background: sends `sheet.progress`, then `sheet.read` or `sheet.unreadable`. */
    readSheet: fromCallback<CorporateRecipientsEvent, { file: ChosenFile }>(() => {
      throw new Error('corporate recipients: readSheet not provided');
    }),
    uploadSheet: fromPromise<RecipientSheetResult, { file: ChosenFile }>(async () => {
      throw new Error('corporate recipients: uploadSheet not provided');
    }),
  },
  guards: {
    passed: (_, params: { checked: Checked<unknown> }) => params.checked.success,
    resumedOnSheet: ({ context }) => context.resumed && context.sheet !== null,
    sheetReadable: (_, params: { sheet: RecipientSheet }) => params.sheet.ok,
    hasRecipients: ({ context }) => (context.preview?.accepted ?? 0) > 0,
    sheetKept: ({ context }) => context.sheet !== null,
  },
  actions: {
    refuse: assign((_, params: { issues: DefinitionIssue[] }) => ({ issues: params.issues })),
    startReading: assign((_, params: { file: ChosenFile }) => ({
      file: params.file,
      progress: 0,
      preview: null,
      sheet: null,
      quantity: null,
      issues: [],
      failure: null,
    })),
    keepPreview: assign(({ context }, params: { sheet: RecipientSheet }) =>
      params.sheet.ok
        ? {
            progress: 1,
            preview: {
              fileName: context.file?.name ?? '',
              accepted: params.sheet.recipients.length,
              sample: params.sheet.recipients.slice(0, SAMPLE_SIZE),
              rejected: params.sheet.rejected,
            },
          }
        : {},
    ),
    discardSheet: assign({ file: null, progress: 0, preview: null, sheet: null }),
    keepSheet: assign((_, params: { result: RecipientSheetResult }) => ({
      sheet: { id: params.result.id, accepted: params.result.accepted },
    })),
    saveQuantity: assign((_, params: { checked: ReturnType<typeof checkedQuantity> }) =>
      params.checked.success ? { quantity: params.checked.data, file: null, preview: null, sheet: null, issues: [] } : {},
    ),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: formFailureOf(params.error) })),
    clearIssues: assign({ issues: [], failure: null }),
  },
}).createMachine({
  id: 'corporateRecipients',
  context: ({ input }) => ({
    preview: input.preview,
    sheet: input.sheet,
    quantity: input.quantity,
    resumed: input.resumed,
    file: null,
    progress: 0,
    issues: [],
    failure: null,
  }),
  initial: 'starting',
  on: {
    'sheet.selected': { target: '.reading', actions: { type: 'startReading', params: ({ event }) => ({ file: event.file }) } },
    'step.backRequested': '.back',
  },
  states: {
    starting: {
      always: [{ guard: 'resumedOnSheet', target: 'preview' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        'codes.submitted': [
          {
            guard: { type: 'passed', params: ({ event }) => ({ checked: checkedQuantity(event) }) },
            target: 'codes',
            actions: { type: 'saveQuantity', params: ({ event }) => ({ checked: checkedQuantity(event) }) },
          },
          { actions: { type: 'refuse', params: { issues: [{ path: 'quantity', message: gc.corporateQuantity.id }] } } },
        ],
      },
    },
    reading: {
      tags: ['state:reading'],
      invoke: { src: 'readSheet', input: ({ context }) => ({ file: required(context.file, 'recipients: the sheet to read') }) },
      on: {
        'sheet.progress': { actions: assign({ progress: ({ event }) => Math.min(1, Math.max(0, event.fraction)) }) },
        'sheet.read': [
          {
            guard: { type: 'sheetReadable', params: ({ event }) => ({ sheet: event.sheet }) },
            target: 'preview',
            actions: { type: 'keepPreview', params: ({ event }) => ({ sheet: event.sheet }) },
          },
          {
            target: 'choosing',
            actions: [
              'discardSheet',
              {
                type: 'refuse',
                params: ({ event }) => ({ issues: [{ path: 'sheet', message: event.sheet.ok ? '' : event.sheet.problem }] }),
              },
            ],
          },
        ],
        'sheet.unreadable': {
          target: 'choosing',
          actions: ['discardSheet', { type: 'refuse', params: { issues: [{ path: 'sheet', message: gc.sheetUnreadable.id }] } }],
        },
      },
    },
    preview: {
      tags: ['state:preview'],
      on: {
        'sheet.confirmed': [
          // Kept by the server on an earlier visit: not sent again.
          { guard: 'sheetKept', target: 'sheet' },
          { guard: 'hasRecipients', target: 'uploading' },
          { actions: { type: 'refuse', params: { issues: [{ path: 'sheet', message: gc.sheetNoValidRows.id }] } } },
        ],
        'sheet.discarded': { target: 'choosing', actions: ['discardSheet', 'clearIssues'] },
      },
    },
    uploading: {
      tags: ['state:preview', 'state:uploading'],
      entry: 'clearIssues',
      invoke: {
        id: 'uploadSheet',
        src: 'uploadSheet',
        input: ({ context }) => ({ file: required(context.file, 'recipients: the sheet to send') }),
        onDone: { target: 'sheet', actions: { type: 'keepSheet', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'preview', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sheet: { type: 'final', output: 'sheet' },
    codes: { type: 'final', output: 'codes' },
    back: { type: 'final', output: 'back' },
  },
  output: ({ context, event }) => ({
    exit: exitOf(event.output),
    preview: context.preview,
    sheet: context.sheet,
    quantity: context.quantity,
  }),
});

export type CorporateRecipientsMachine = typeof corporateRecipientsMachine;
