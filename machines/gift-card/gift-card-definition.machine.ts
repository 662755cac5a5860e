import { assign, setup } from 'xstate';
import {
  giftCardDesignSchema,
  giftCardRecipientsSchema,
  giftCardShippingSchema,
  sendAtIssue,
  type GiftCardDesign,
  type GiftCardRecipient,
  type GiftCardShipping,
} from '../../contracts/gift-card-definition';
import { giftCardMessages as gc } from '../../contracts/gift-card-messages';
import { required } from '../required';
import { issuesOf, oncePerEvent, type DefinitionIssue } from './definition-issues';

export type { DefinitionIssue } from './definition-issues';

/**
 * Defining personal gift cards (/gift-card/definition; docs/gift-cards.md):
 *
 *   starting ─► design ──design.submitted──► shipping ──shipping.submitted──► recipients ──recipients.submitted──► review ──definition.confirmed──► done
 *       │         ▲                            ▲  └──── (printable PDF: no recipients) ─────────────────────────────► ▲
 *       │         └──────── step.backRequested ┘ (every step goes back to the one before, keeping what was typed)
 *       └── (a definition from before whose scheduled send has passed since) ─► shipping, with why
 *
 * Each step's data is checked with the contracts' schemas (the server checks the same): a refused
 * submission stays on its step with the issues. The machine is pure: a scheduled send is compared
 * with `submittedAt`, the moment the view sent it, and a definition from before with `checkedAt`,
 * the moment the page opened. On the recipients step a card can be removed (`card.removed`), its
 * recipient with it, so a repeated recipient can be deleted. It finishes with the whole definition.
 */

export const DEFINITION_STEPS = ['design', 'shipping', 'recipients', 'review'] as const;
export type DefinitionStep = (typeof DEFINITION_STEPS)[number];

export interface GiftCardDefinitionContext {
  design: GiftCardDesign | null;
  shipping: GiftCardShipping | null;
  recipients: GiftCardRecipient[];
  issues: DefinitionIssue[];
}

export type GiftCardDefinitionEvent =
  | { type: 'design.submitted'; design: unknown }
  | { type: 'shipping.submitted'; shipping: unknown; submittedAt: string }
  | { type: 'recipients.submitted'; recipients: unknown }
  | { type: 'card.removed'; row: number }
  | { type: 'definition.confirmed' }
  | { type: 'step.backRequested' };

/** A definition from before (back from the checkout), and the moment it is opened again. */
export type GiftCardDefinitionInput =
  (Partial<Pick<GiftCardDefinitionContext, 'design' | 'shipping' | 'recipients'>> & { checkedAt?: string }) | undefined;

export interface GiftCardDefinitionOutput {
  design: GiftCardDesign;
  shipping: GiftCardShipping;
  recipients: GiftCardRecipient[];
}

/** Each step's submission, checked once per event however many guards and actions ask (definition-issues.ts). */
const checkedDesign = oncePerEvent((event: { design: unknown }) => giftCardDesignSchema.safeParse(event.design));
const checkedShipping = oncePerEvent((event: { shipping: unknown; submittedAt: string }) =>
  giftCardShippingSchema(new Date(event.submittedAt)).safeParse(event.shipping),
);
const checkedRecipientList = oncePerEvent((event: { recipients: unknown }) => giftCardRecipientsSchema.safeParse(event.recipients));

/** The recipients, one per card, or why not. */
function checkRecipients(
  event: { recipients: unknown },
  quantity: number,
): { recipients: GiftCardRecipient[] } | { issues: DefinitionIssue[] } {
  const parsed = checkedRecipientList(event);
  if (!parsed.success) return { issues: issuesOf(parsed.error) };
  if (parsed.data.length !== quantity) return { issues: [{ path: '', message: gc.recipientsCount.id }] };
  return { recipients: parsed.data };
}

const byEmail = (shipping: GiftCardShipping | null) => shipping !== null && shipping.mode !== 'pdf';

/** Why a scheduled send kept from before can no longer be, at `checkedAt` (it has passed, say); none when it can. */
export function staleScheduleIssues(shipping: GiftCardShipping | null | undefined, checkedAt: string | undefined): DefinitionIssue[] {
  if (shipping?.mode !== 'email_scheduled' || checkedAt === undefined) return [];
  const issue = sendAtIssue(shipping.send_at, new Date(checkedAt));
  return issue ? [{ path: 'send_at', message: issue.id }] : [];
}

/** Reached only from the review, where the design and the shipping were accepted. */
const outputOf = (context: GiftCardDefinitionContext): GiftCardDefinitionOutput => ({
  design: required(context.design, 'gift card definition: the accepted design'),
  shipping: required(context.shipping, 'gift card definition: the accepted shipping'),
  recipients: byEmail(context.shipping) ? context.recipients : [],
});

export const giftCardDefinitionMachine = setup({
  types: {
    context: {} as GiftCardDefinitionContext,
    events: {} as GiftCardDefinitionEvent,
    input: {} as GiftCardDefinitionInput,
    output: {} as GiftCardDefinitionOutput,
  },
  guards: {
    designValid: (_, params: { design: unknown }) => checkedDesign(params).success,
    shippingValid: (_, params: { shipping: unknown; submittedAt: string }) => checkedShipping(params).success,
    recipientsValid: ({ context }, params: { recipients: unknown }) =>
      context.design !== null && 'recipients' in checkRecipients(params, context.design.quantity),
    sendsByEmail: ({ context }) => byEmail(context.shipping),
    scheduleRefused: ({ context }) => context.design !== null && context.issues.some((issue) => issue.path === 'send_at'),
    canRemoveCard: ({ context }, params: { row: number }) =>
      context.design !== null && context.design.quantity > 1 && params.row >= 0 && params.row < context.design.quantity,
  },
  actions: {
    saveDesign: assign((_, params: { design: unknown }) => {
      const parsed = checkedDesign(params);
      return parsed.success ? { design: parsed.data, issues: [] } : {};
    }),
    refuseDesign: assign((_, params: { design: unknown }) => {
      const parsed = checkedDesign(params);
      return { issues: parsed.success ? [] : issuesOf(parsed.error) };
    }),
    saveShipping: assign((_, params: { shipping: unknown; submittedAt: string }) => {
      const parsed = checkedShipping(params);
      return parsed.success ? { shipping: parsed.data, issues: [] } : {};
    }),
    refuseShipping: assign((_, params: { shipping: unknown; submittedAt: string }) => {
      const parsed = checkedShipping(params);
      return { issues: parsed.success ? [] : issuesOf(parsed.error) };
    }),
    saveRecipients: assign(({ context }, params: { recipients: unknown }) => {
      const checked = checkRecipients(params, context.design?.quantity ?? 0);
      return 'recipients' in checked ? { recipients: checked.recipients, issues: [] } : {};
    }),
    refuseRecipients: assign(({ context }, params: { recipients: unknown }) => {
      const checked = checkRecipients(params, context.design?.quantity ?? 0);
      return { issues: 'issues' in checked ? checked.issues : [] };
    }),
    removeCard: assign(({ context }, params: { row: number }) => ({
      design: context.design && { ...context.design, quantity: context.design.quantity - 1 },
      recipients: context.recipients.filter((_, row) => row !== params.row),
      issues: [],
    })),
    clearIssues: assign({ issues: [] }),
    /** The page keeps the definition for the checkout and goes there (provided by the view's provider). */
    finished: (_, _params: GiftCardDefinitionOutput) => {},
  },
}).createMachine({
  id: 'giftCardDefinition',
  context: ({ input }) => ({
    design: input?.design ?? null,
    shipping: input?.shipping ?? null,
    recipients: input?.recipients ?? [],
    issues: staleScheduleIssues(input?.shipping, input?.checkedAt),
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'scheduleRefused', target: 'shipping' },
        { target: 'design', actions: 'clearIssues' },
      ],
    },
    design: {
      tags: ['step:design'],
      on: {
        'design.submitted': [
          {
            guard: { type: 'designValid', params: ({ event }) => event },
            target: 'shipping',
            actions: { type: 'saveDesign', params: ({ event }) => event },
          },
          { actions: { type: 'refuseDesign', params: ({ event }) => event } },
        ],
      },
    },
    shipping: {
      tags: ['step:shipping'],
      on: {
        'shipping.submitted': [
          {
            guard: { type: 'shippingValid', params: ({ event }) => event },
            target: 'afterShipping',
            actions: { type: 'saveShipping', params: ({ event }) => event },
          },
          { actions: { type: 'refuseShipping', params: ({ event }) => event } },
        ],
        'step.backRequested': { target: 'design', actions: 'clearIssues' },
      },
    },
    afterShipping: {
      always: [{ guard: 'sendsByEmail', target: 'recipients' }, { target: 'review' }],
    },
    recipients: {
      tags: ['step:recipients'],
      on: {
        'recipients.submitted': [
          {
            guard: { type: 'recipientsValid', params: ({ event }) => event },
            target: 'review',
            actions: { type: 'saveRecipients', params: ({ event }) => event },
          },
          { actions: { type: 'refuseRecipients', params: ({ event }) => event } },
        ],
        'card.removed': {
          guard: { type: 'canRemoveCard', params: ({ event }) => ({ row: event.row }) },
          actions: { type: 'removeCard', params: ({ event }) => ({ row: event.row }) },
        },
        'step.backRequested': { target: 'shipping', actions: 'clearIssues' },
      },
    },
    review: {
      tags: ['step:review'],
      on: {
        'definition.confirmed': 'done',
        'step.backRequested': [{ guard: 'sendsByEmail', target: 'recipients' }, { target: 'shipping' }],
      },
    },
    done: { type: 'final', entry: { type: 'finished', params: ({ context }) => outputOf(context) } },
  },
  output: ({ context }) => outputOf(context),
});

export type GiftCardDefinitionMachine = typeof giftCardDefinitionMachine;
