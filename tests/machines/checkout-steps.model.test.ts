import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { emptyContact, isAddressValid, isContactValid, isPaymentValid, type PaymentFacts } from '../../machines/checkout/checkout.machine';
import { addressStepMachine, type AddressStepInput } from '../../machines/checkout/steps/address-step.machine';
import { contactStepMachine, type ContactStepInput } from '../../machines/checkout/steps/contact-step.machine';
import { paymentStepMachine, type PaymentStepInput } from '../../machines/checkout/steps/payment-step.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';
import * as f from './checkout.fixtures';

/**
 * Model-based tests of the checkout's step machines: every path of each one's graph, replayed on a
 * live actor whose side effects (gift card check, CEP lookup) are controllable fakes. Whatever the
 * view sends, a step finishes only with data its rules accept.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function modelTest<TInput>(
  machine: AnyStateMachine,
  actorNames: readonly string[],
  input: TInput,
  events: GraphEvent[],
  invariant: (s: AnyMachineSnapshot) => void,
) {
  const paths = pathsOf(machine, { input, events });
  it('finishes on some path', () => expect(paths.some((path) => path.state.status === 'done')).toBe(true));
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(machine, actorNames);
    const actor = createActor(machine.provide({ actors: controls.actors }), { input }).start();
    await replayPath(actor, machine, path, controls, invariant);
    actor.stop();
  });
}

describe.each([
  ['anyone may give', true, false],
  ['/doacao-pix: Brazilians only', false, false],
  ['/gift-card/checkout-corporate: companies only', false, true],
] as const)('contact step: %s', (_name, allowForeigner, companyOnly) => {
  const input: ContactStepInput = { contact: emptyContact, message: '', isAnonymous: false, allowForeigner, companyOnly };
  modelTest(
    contactStepMachine,
    [],
    input,
    [
      { type: 'contact.submitted', contact: f.contact, message: 'Força!', is_anonymous: true },
      { type: 'contact.submitted', contact: f.invalidContact },
      { type: 'contact.submitted', contact: f.foreignContact },
      { type: 'contact.submitted', contact: f.contact, message: 'x'.repeat(501) },
      { type: 'contact.submitted', contact: f.companyContact },
    ],
    (snapshot) => {
      if (snapshot.status !== 'done') return;
      const { contact, message } = snapshot.output as { contact: typeof f.contact; message: string };
      expect(isContactValid(contact, message, { allowForeigner, companyOnly })).toBe(true);
      if (companyOnly) expect(contact.is_company).toBe(true);
    },
  );
});

const guestFacts: PaymentFacts = { methods: f.guestInput.methods, contact: f.contact, signedIn: false, amount: 5000, walletBalance: null };
const donorFacts = (walletBalance: number): PaymentFacts => ({ ...guestFacts, signedIn: true, walletBalance });

describe('payment step', () => {
  const input: PaymentStepInput = { payment: null };
  modelTest(
    paymentStepMachine,
    ['checkGiftCard'],
    input,
    [
      { type: 'payment.submitted', payment: f.cardChoice, facts: guestFacts },
      { type: 'payment.submitted', payment: f.invalidCardChoice, facts: guestFacts },
      { type: 'payment.submitted', payment: { method: 'paypal' }, facts: guestFacts },
      { type: 'payment.submitted', payment: { method: 'wallet' }, facts: guestFacts },
      { type: 'payment.submitted', payment: { method: 'wallet' }, facts: donorFacts(2000) },
      { type: 'payment.submitted', payment: { method: 'wallet' }, facts: donorFacts(9000) },
      { type: 'payment.submitted', payment: { method: 'gift_card', code: 'not-a-uuid' }, facts: guestFacts },
      { type: 'payment.submitted', payment: { method: 'gift_card', code: f.giftCode }, facts: guestFacts },
      { type: 'xstate.done.actor.checkGiftCard', output: { balance: 100 } },
      { type: 'xstate.done.actor.checkGiftCard', output: { balance: 10_000 } },
      { type: 'xstate.error.actor.checkGiftCard', error: f.giftCardMissing },
    ],
    (snapshot) => {
      const context = snapshot.context as { facts: PaymentFacts | null };
      if (snapshot.hasTag('state:failed')) expect(snapshot.context.failure?.code).toMatch(/^gift_card\./);
      if (snapshot.status !== 'done') return;
      const { payment } = snapshot.output as { payment: typeof f.cardChoice };
      expect(context.facts && isPaymentValid(context.facts, payment)).toBe(true);
    },
  );
});

describe.each([
  ['a Brazilian', false],
  ['a foreigner', true],
] as const)('address step: %s', (_name, foreigner) => {
  const input: AddressStepInput = { address: f.address, foreigner };
  modelTest(
    addressStepMachine,
    ['lookupCep'],
    input,
    [
      { type: 'cep.entered', cep: '50030230' },
      { type: 'xstate.done.actor.lookupCep', output: f.cepResult },
      { type: 'xstate.error.actor.lookupCep', error: f.cepMissing },
      { type: 'address.submitted', address: f.address },
      { type: 'address.submitted', address: { ...f.address, zip_code: '123' } },
      { type: 'address.submitted', address: f.foreignAddress },
    ],
    (snapshot) => {
      if (snapshot.hasTag('state:lookingUp')) expect(snapshot.context.cepFailure).toBeNull();
      if (snapshot.status !== 'done') return;
      const { address } = snapshot.output as { address: typeof f.address };
      expect(isAddressValid(address, foreigner)).toBe(true);
    },
  );
});
