import { assign, fromPromise, setup } from 'xstate';
import { errorCodes, type CepLookupResult, type CheckoutAddressInput } from '../../../contracts';
import { failureOf } from '../checkout-failures';
import { isAddressValid } from '../checkout-rules';

/**
 * The address step: a Brazilian's full CEP is looked up and fills what it knows (the donor can still
 * type it all by hand when the CEP is unknown); a foreigner types a postal address abroad. It
 * finishes with the address once the contract accepts it for this donor.
 */

export interface AddressStepInput {
  address: CheckoutAddressInput;
  foreigner: boolean;
}

export interface AddressStepContext extends AddressStepInput {
  /** The last CEP found, for the view to fill the fields with. */
  cep: CepLookupResult | null;
  /** Why the last lookup failed ('cep.not_found'…): said next to the CEP field. */
  cepFailure: string | null;
}

export interface AddressStepOutput {
  address: CheckoutAddressInput;
}

export type AddressStepEvent =
  /** The donor typed a full CEP (the view sends it once per 8-digit value). */
  { type: 'cep.entered'; cep: string } | { type: 'address.submitted'; address: CheckoutAddressInput };

export const addressStepMachine = setup({
  types: {
    context: {} as AddressStepContext,
    events: {} as AddressStepEvent,
    input: {} as AddressStepInput,
    output: {} as AddressStepOutput,
  },
  actors: {
    /** GET /addresses/cep/:cep (the CEP adapter). */
    lookupCep: fromPromise<CepLookupResult, { cep: string }>(async () => {
      throw new Error('addressStep: lookupCep not provided');
    }),
  },
  guards: {
    addressValid: ({ context, event }) => event.type === 'address.submitted' && isAddressValid(event.address, context.foreigner),
  },
}).createMachine({
  id: 'addressStep',
  context: ({ input }) => ({ ...input, cep: null, cepFailure: null }),
  output: ({ context }) => ({ address: context.address }),
  initial: 'open',
  states: {
    open: {
      initial: 'editing',
      on: {
        'cep.entered': { target: '.lookingUp', reenter: true },
        'address.submitted': {
          guard: 'addressValid',
          target: 'done',
          actions: assign({ address: ({ context, event }) => (event.type === 'address.submitted' ? event.address : context.address) }),
        },
      },
      states: {
        editing: {},
        lookingUp: {
          tags: ['state:lookingUp'],
          entry: assign({ cepFailure: null }),
          invoke: {
            id: 'lookupCep',
            src: 'lookupCep',
            input: ({ event }) => ({ cep: event.type === 'cep.entered' ? event.cep : '' }),
            onDone: { target: 'editing', actions: assign({ cep: ({ event }) => event.output }) },
            // 'CEP não encontrado': the donor can still type the address by hand.
            onError: {
              target: 'editing',
              actions: assign({ cep: null, cepFailure: ({ event }) => failureOf(event.error, errorCodes.cepNotFound).code }),
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type AddressStepMachine = typeof addressStepMachine;
