import { assign, setup, type SnapshotFrom } from 'xstate';

/**
 * The prompt shown to visitors who try a feature that needs login (docs/spec.md §2, §6): 'Entrar agora'
 * (sign-in with return_url = the current path) and 'Faça seu cadastro'. Just open and closed; the
 * view navigates. `description` replaces the default text ('Você precisa estar logado…') when given;
 * `email` (an invitation's, say) goes to the sign-in and sign-up forms already typed.
 */

export interface VisitorPromptContext {
  description: string | undefined;
  /** Where sign-in should come back to. */
  returnUrl: string | undefined;
  /** The e-mail the forms start with, when the page knows whose account it expects. */
  email: string | undefined;
}

export type VisitorPromptEvent =
  { type: 'visitorPrompt.opened'; description?: string; returnUrl?: string; email?: string } | { type: 'visitorPrompt.closed' };

export const visitorPromptMachine = setup({
  types: {
    context: {} as VisitorPromptContext,
    events: {} as VisitorPromptEvent,
  },
}).createMachine({
  id: 'visitorPrompt',
  context: { description: undefined, returnUrl: undefined, email: undefined },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'visitorPrompt.opened': {
          target: 'open',
          actions: assign({
            description: ({ event }) => event.description,
            returnUrl: ({ event }) => event.returnUrl,
            email: ({ event }) => event.email,
          }),
        },
      },
    },
    open: {
      tags: ['state:open'],
      on: { 'visitorPrompt.closed': { target: 'closed' } },
    },
  },
});

export type VisitorPromptMachine = typeof visitorPromptMachine;
export type VisitorPromptSnapshot = SnapshotFrom<VisitorPromptMachine>;
