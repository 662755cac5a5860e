import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { CORPORATE_LOGO_MIN_QUANTITY } from '../../contracts/gift-card-orders';
import type { CompanyLogo } from '../../contracts/gift-cards';
import { formFailureOf } from '../forms/form-failure';
import { checkedDesign, checkedShipping, cardCountOf, outputOf } from './corporate-definition-rules';
import { issuesOf, type Checked } from './definition-issues';
import { startingContext, type CorporateDefinitionInput } from './corporate-definition-start';
import {
  RECIPIENTS_EVENTS,
  type ChosenFile,
  type CorporateDefinitionContext,
  type CorporateDefinitionEvent,
  type CorporateDefinitionOutput,
  type CorporateRecipientsOutput,
  type RecipientsExit,
} from './corporate-definition-types';
import { corporateRecipientsMachine } from './corporate-recipients.machine';

export type * from './corporate-definition-types';
export { cardCountOf } from './corporate-definition-rules';

/**
 * A company defining its gift cards (/gift-card/definition_corporate; docs/gift-cards.md):
 *
 *   design ─► recipients (child `recipients`) ─┬─ a spreadsheet the server kept ─► shipping ─┐
 *                                              └─ a number of codes ─────────────────────────┤
 *                                    logo (from 100 cards: uploading ⇄ chosen) ◄─────────────┤
 *                                    review ◄─────────────────────────────────────────────────┘ ─► done
 *
 * Every step goes back to the one before, keeping what was chosen. Opened again with the definition
 * confirmed before (back from the checkout), it starts from its card; if its scheduled send has passed
 * since (`checkedAt`), it starts on the shipping step with why, the spreadsheet and logo kept. The
 * recipients step is its own machine (corporate-recipients.machine.ts: the spreadsheet read, previewed
 * and sent, or the codes): this one routes to it, passes it the view's events, and takes what it ends
 * with. `uploadLogo` sends the logo.
 */

export const CORPORATE_STEPS = ['design', 'recipients', 'shipping', 'logo', 'review'] as const;
export type CorporateStep = (typeof CORPORATE_STEPS)[number];

export const corporateDefinitionMachine = setup({
  types: {
    context: {} as CorporateDefinitionContext,
    events: {} as CorporateDefinitionEvent,
    output: {} as CorporateDefinitionOutput,
    input: {} as CorporateDefinitionInput,
    // The child the view reads while the recipients step is open.
    children: {} as { recipients: 'recipients'; uploadLogo: 'uploadLogo' },
  },
  actors: {
    recipients: corporateRecipientsMachine,
    uploadLogo: fromPromise<CompanyLogo, { file: ChosenFile }>(async () => {
      throw new Error('corporate definition: uploadLogo not provided');
    }),
  },
  guards: {
    passed: (_, params: { checked: Checked<unknown> }) => params.checked.success,
    recipientsEnded: (_, params: { output: CorporateRecipientsOutput; exit: RecipientsExit }) => params.output.exit === params.exit,
    sheetKept: ({ context }) => context.sheet !== null,
    offersLogo: ({ context }) => cardCountOf(context) >= CORPORATE_LOGO_MIN_QUANTITY,
    scheduleRefused: ({ context }) => context.sheet !== null && context.issues.some((issue) => issue.path === 'send_at'),
  },
  actions: {
    saveDesign: assign((_, params: { checked: ReturnType<typeof checkedDesign> }) =>
      params.checked.success ? { design: params.checked.data, issues: [] } : {},
    ),
    refuseChecked: assign((_, params: { checked: Checked<unknown> }) => ({
      issues: params.checked.success ? [] : issuesOf(params.checked.error),
    })),
    /** Whatever the step ended with, going back included, so the next visit opens on it. */
    keepRecipients: assign((_, params: { output: CorporateRecipientsOutput }) => ({
      preview: params.output.preview,
      sheet: params.output.sheet,
      quantity: params.output.quantity,
      issues: [],
      failure: null,
    })),
    /** The view sends every event to the definition; the recipients step's go on to its machine. */
    toRecipients: sendTo('recipients', ({ event }) => {
      assertEvent(event, RECIPIENTS_EVENTS);
      return event;
    }),
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
  context: ({ input }) => ({ ...startingContext(input), quantity: null, failure: null }),
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
      invoke: {
        id: 'recipients',
        src: 'recipients',
        input: ({ context, event }) => ({
          preview: context.preview,
          sheet: context.sheet,
          quantity: context.quantity,
          // Back from a later step, a spreadsheet the server kept opens on its preview.
          resumed: event.type === 'step.backRequested',
        }),
        onDone: [
          {
            guard: { type: 'recipientsEnded', params: ({ event }) => ({ output: event.output, exit: 'back' }) },
            target: 'design',
            actions: { type: 'keepRecipients', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'recipientsEnded', params: ({ event }) => ({ output: event.output, exit: 'sheet' }) },
            target: 'shipping',
            actions: { type: 'keepRecipients', params: ({ event }) => ({ output: event.output }) },
          },
          // Codes: no shipping step, so none is kept.
          {
            target: 'afterRecipients',
            actions: [{ type: 'keepRecipients', params: ({ event }) => ({ output: event.output }) }, assign({ shipping: null })],
          },
        ],
      },
      on: {
        'sheet.selected': { actions: 'toRecipients' },
        'sheet.progress': { actions: 'toRecipients' },
        'sheet.read': { actions: 'toRecipients' },
        'sheet.unreadable': { actions: 'toRecipients' },
        'sheet.confirmed': { actions: 'toRecipients' },
        'sheet.discarded': { actions: 'toRecipients' },
        'codes.submitted': { actions: 'toRecipients' },
        'step.backRequested': { actions: 'toRecipients' },
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
        'step.backRequested': { target: 'recipients', actions: 'clearIssues' },
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
