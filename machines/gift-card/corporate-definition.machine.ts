import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { giftCardMessages as gc } from '../../contracts/gift-card-messages';
import { CORPORATE_LOGO_MIN_QUANTITY, corporateQuantitySchema, type RecipientSheetResult } from '../../contracts/gift-card-orders';
import type { CompanyLogo } from '../../contracts/gift-cards';
import type { RecipientSheet } from '../../contracts/recipient-sheet';
import { formFailureOf } from '../forms/form-failure';
import { checkedDesign, checkedShipping, cardCountOf, outputOf } from './corporate-definition-rules';
import { issuesOf, type Checked, type DefinitionIssue } from './definition-issues';
import { startingContext, type CorporateDefinitionInput } from './corporate-definition-start';
import type {
  ChosenFile,
  CorporateDefinitionContext,
  CorporateDefinitionEvent,
  CorporateDefinitionOutput,
} from './corporate-definition-types';

export type * from './corporate-definition-types';
export { cardCountOf } from './corporate-definition-rules';

/**
 * A company defining its gift cards (/gift-card/definition_corporate; docs/gift-cards.md):
 *
 *   design ─► recipients ─┬─ a spreadsheet: reading (progress) ─► preview ─sheet.confirmed─► uploading ─► shipping ─┐
 *                         └─ codes.submitted (a number of codes the company hands out) ─────────────────────────────┤
 *                                                  logo (from 100 cards: uploading ⇄ chosen) ◄─────────────────────┤
 *                                                  review ◄──────────────────────────────────────────────────────────┘ ─► done
 *
 * Every step goes back to the one before, keeping what was chosen. Opened again with the definition
 * confirmed before (back from the checkout), it starts from its card; if its scheduled send has passed
 * since (`checkedAt`), it starts on the shipping step with why, the spreadsheet and logo kept. The spreadsheet is read by
 * `readSheet` (the browser's worker: `sheet.progress`, then `sheet.read` or `sheet.unreadable`), its
 * refused rows shown by line before anything is sent; confirmed, the file goes to the server
 * (`uploadSheet`), which reads it again and keeps its recipients. `uploadLogo` sends the logo.
 */

export const CORPORATE_STEPS = ['design', 'recipients', 'shipping', 'logo', 'review'] as const;
export type CorporateStep = (typeof CORPORATE_STEPS)[number];

/** A few recipients are enough to show the file was read as meant. */
const SAMPLE_SIZE = 5;

export const corporateDefinitionMachine = setup({
  types: {
    context: {} as CorporateDefinitionContext,
    events: {} as CorporateDefinitionEvent,
    output: {} as CorporateDefinitionOutput,
    input: {} as CorporateDefinitionInput,
  },
  actors: {
    /** Reads the file in the background: sends `sheet.progress`, then `sheet.read` or `sheet.unreadable`. */
    readSheet: fromCallback<CorporateDefinitionEvent, { file: ChosenFile }>(() => {
      throw new Error('corporate definition: readSheet not provided');
    }),
    uploadSheet: fromPromise<RecipientSheetResult, { file: ChosenFile }>(async () => {
      throw new Error('corporate definition: uploadSheet not provided');
    }),
    uploadLogo: fromPromise<CompanyLogo, { file: ChosenFile }>(async () => {
      throw new Error('corporate definition: uploadLogo not provided');
    }),
  },
  guards: {
    passed: (_, params: { checked: Checked<unknown> }) => params.checked.success,
    sheetReadable: (_, params: { sheet: RecipientSheet }) => params.sheet.ok,
    hasRecipients: ({ context }) => (context.preview?.accepted ?? 0) > 0,
    sheetKept: ({ context }) => context.sheet !== null,
    quantityValid: (_, params: { quantity: unknown }) => corporateQuantitySchema.safeParse(params.quantity).success,
    offersLogo: ({ context }) => cardCountOf(context) >= CORPORATE_LOGO_MIN_QUANTITY,
    scheduleRefused: ({ context }) => context.sheet !== null && context.issues.some((issue) => issue.path === 'send_at'),
  },
  actions: {
    saveDesign: assign((_, params: { checked: ReturnType<typeof checkedDesign> }) =>
      params.checked.success ? { design: params.checked.data, issues: [] } : {},
    ),
    refuse: assign((_, params: { issues: DefinitionIssue[] }) => ({ issues: params.issues })),
    refuseChecked: assign((_, params: { checked: Checked<unknown> }) => ({
      issues: params.checked.success ? [] : issuesOf(params.checked.error),
    })),
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
    saveQuantity: assign((_, params: { quantity: unknown }) => ({
      quantity: corporateQuantitySchema.parse(params.quantity),
      file: null,
      preview: null,
      sheet: null,
      shipping: null,
      issues: [],
    })),
    saveShipping: assign((_, params: { checked: ReturnType<typeof checkedShipping> }) =>
      params.checked.success ? { shipping: params.checked.data, issues: [] } : {},
    ),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: formFailureOf(params.error) })),
    clearIssues: assign({ issues: [], failure: null }),
    /** The page keeps the definition for the corporate checkout and goes there (provided by the view's provider). */
    finished: (_, _params: CorporateDefinitionOutput) => {},
  },
}).createMachine({
  id: 'corporateDefinition',
  context: ({ input }) => ({
    ...startingContext(input),
    file: null,
    progress: 0,
    quantity: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'scheduleRefused', target: 'shipping' }, { target: 'design' }] },
    design: {
      tags: ['step:design'],
      on: {
        'design.submitted': [
          {
            guard: { type: 'passed', params: ({ event }) => ({ checked: checkedDesign(event) }) },
            target: 'recipients',
            actions: { type: 'saveDesign', params: ({ event }) => ({ checked: checkedDesign(event) }) },
          },
          { actions: { type: 'refuseChecked', params: ({ event }) => ({ checked: checkedDesign(event) }) } },
        ],
      },
    },
    recipients: {
      tags: ['step:recipients'],
      initial: 'choosing',
      on: {
        'sheet.selected': { target: '.reading', actions: { type: 'startReading', params: ({ event }) => ({ file: event.file }) } },
        'step.backRequested': { target: 'design', actions: 'clearIssues' },
      },
      states: {
        choosing: {
          on: {
            'codes.submitted': [
              {
                guard: { type: 'quantityValid', params: ({ event }) => ({ quantity: event.quantity }) },
                target: '#corporateDefinition.afterRecipients',
                actions: { type: 'saveQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
              },
              { actions: { type: 'refuse', params: { issues: [{ path: 'quantity', message: gc.corporateQuantity.id }] } } },
            ],
          },
        },
        reading: {
          tags: ['state:reading'],
          invoke: { src: 'readSheet', input: ({ context }) => ({ file: context.file! }) },
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
              { guard: 'sheetKept', target: '#corporateDefinition.shipping' },
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
            input: ({ context }) => ({ file: context.file! }),
            onDone: {
              target: '#corporateDefinition.shipping',
              actions: { type: 'keepSheet', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'preview', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    shipping: {
      tags: ['step:shipping'],
      on: {
        'shipping.submitted': [
          {
            guard: { type: 'passed', params: ({ event }) => ({ checked: checkedShipping(event) }) },
            target: 'afterRecipients',
            actions: { type: 'saveShipping', params: ({ event }) => ({ checked: checkedShipping(event) }) },
          },
          { actions: { type: 'refuseChecked', params: ({ event }) => ({ checked: checkedShipping(event) }) } },
        ],
        'step.backRequested': { target: 'recipients.preview', actions: 'clearIssues' },
      },
    },
    afterRecipients: {
      always: [{ guard: 'offersLogo', target: 'logo' }, { target: 'review' }],
    },
    logo: {
      tags: ['step:logo'],
      initial: 'choosing',
      on: {
        'step.backRequested': [
          { guard: 'sheetKept', target: 'shipping', actions: 'clearIssues' },
          { target: 'recipients', actions: 'clearIssues' },
        ],
      },
      states: {
        choosing: {
          on: {
            'logo.selected': 'uploading',
            'logo.removed': { actions: assign({ logo: null }) },
            'logo.confirmed': '#corporateDefinition.review',
          },
        },
        uploading: {
          tags: ['state:uploading'],
          entry: 'clearIssues',
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ event }) => {
              assertEvent(event, 'logo.selected');
              return { file: event.file };
            },
            onDone: { target: 'choosing', actions: assign({ logo: ({ event }) => event.output }) },
            onError: { target: 'choosing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    review: {
      tags: ['step:review'],
      on: {
        'definition.confirmed': 'done',
        'step.backRequested': [
          { guard: 'offersLogo', target: 'logo' },
          { guard: 'sheetKept', target: 'shipping' },
          { target: 'recipients' },
        ],
      },
    },
    done: { type: 'final', entry: { type: 'finished', params: ({ context }) => outputOf(context) } },
  },
  output: ({ context }) => outputOf(context),
});

export type CorporateDefinitionMachine = typeof corporateDefinitionMachine;
