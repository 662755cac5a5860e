import { assign, setup } from 'xstate';
import type { ContactInput } from '../../../contracts';
import { isContactValid } from '../checkout-rules';

/**
 * The contact step: who gives (a person or a company, Brazilian or living abroad), the message and
 * whether the name is shown. It finishes with what the donor submitted once the contract accepts it;
 * anything else leaves it where it is, so a view cannot push invalid data through.
 */

export interface ContactStepInput {
  contact: ContactInput;
  message: string;
  isAnonymous: boolean;
  /** /doacao-pix: false (PIX needs a Brazilian account). */
  allowForeigner: boolean;
  /** A corporate gift-card order: only a company. */
  companyOnly: boolean;
}

export interface ContactStepOutput {
  contact: ContactInput;
  message: string;
  isAnonymous: boolean;
}

export type ContactStepEvent = { type: 'contact.submitted'; contact: ContactInput; message?: string; is_anonymous?: boolean };

export const contactStepMachine = setup({
  types: {
    context: {} as ContactStepInput,
    events: {} as ContactStepEvent,
    input: {} as ContactStepInput,
    output: {} as ContactStepOutput,
  },
  guards: {
    contactValid: ({ context, event }) => isContactValid(event.contact, event.message, context),
  },
}).createMachine({
  id: 'contactStep',
  context: ({ input }) => input,
  output: ({ context }) => ({ contact: context.contact, message: context.message, isAnonymous: context.isAnonymous }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.submitted': {
          guard: 'contactValid',
          target: 'done',
          actions: assign(({ event }) => ({
            contact: event.contact,
            message: event.message ?? '',
            isAnonymous: event.is_anonymous ?? false,
          })),
        },
      },
    },
    done: { type: 'final' },
  },
});

export type ContactStepMachine = typeof contactStepMachine;
