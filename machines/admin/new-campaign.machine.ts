import { assign, fromPromise, setup } from 'xstate';
import { createCampaignSchema } from '../../contracts/admin-campaign-editor';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * /admin/campaigns/new: a campaign starts as a draft from its title; the editor takes over from there.
 *
 *   idle ──title.submitted (valid)──► creating ──► created (the `opened` action goes to the editor)
 *     ▲                                  │
 *     └──── the server's reason ◄────────┘
 *
 * Pure: `create` (POST /admin/campaigns, answering the new draft's slug) and `opened` come in with `.provide()`.
 */

export interface NewCampaignContext {
  title: string;
  /** A message id of the title's schema, or null. */
  problem: string | null;
  failure: FormFailure | null;
}

export type NewCampaignEvent = { type: 'title.submitted'; title: string };

export const newCampaignMachine = setup({
  types: { context: {} as NewCampaignContext, events: {} as NewCampaignEvent },
  actors: {
    create: fromPromise<{ slug: string }, { title: string }>(async () => {
      throw new Error('new campaign: create not provided');
    }),
  },
  actions: { opened: (_, _params: { slug: string }) => {} },
  guards: { titleValid: ({ event }) => createCampaignSchema.safeParse({ title: event.title }).success },
}).createMachine({
  id: 'newCampaign',
  context: { title: '', problem: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      tags: ['state:idle'],
      on: {
        'title.submitted': [
          {
            guard: 'titleValid',
            target: 'creating',
            actions: assign({ title: ({ event }) => event.title.trim(), problem: null, failure: null }),
          },
          {
            actions: assign({
              title: ({ event }) => event.title,
              problem: ({ event }) => createCampaignSchema.safeParse({ title: event.title }).error?.issues[0]?.message ?? null,
            }),
          },
        ],
      },
    },
    creating: {
      tags: ['state:creating'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ title: context.title }),
        onDone: { target: 'created', actions: { type: 'opened', params: ({ event }) => ({ slug: event.output.slug }) } },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
    created: { tags: ['state:created'], type: 'final' },
  },
});
