import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine, progressOf, type CheckoutInput } from '../../machines/checkout/checkout.machine';
import { flush } from './support/replay';
import { controllableCheckout } from './support/checkout-actors';
import * as f from './checkout.fixtures';

function start(input: CheckoutInput) {
  const { controls, actors } = controllableCheckout();
  const actor = createActor(checkoutMachine.provide({ actors }), { input }).start();
  return { actor, controls, snap: () => actor.getSnapshot() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('checkout machine: refusals name their fields', () => {
  it('with no amount chosen, the refusal names the amount and nothing is sent', async () => {
    const { actor, controls, snap } = start({ ...f.pixOnlyInput, amount: null });
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    await flush();
    expect(controls.calls('submit')).toEqual([]);
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(snap().context.failure).toEqual({
      code: 'validation.failed',
      messages: [],
      fields: [{ field: 'amount', message: 'validation.amount.required' }],
    });
  });

  it('below the range the refusal says "too low" for the amount', async () => {
    const { actor, snap } = start({ ...f.pixOnlyInput, amount: 100 });
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    await flush();
    expect(snap().context.failure?.fields).toEqual([{ field: 'amount', message: 'validation.amount.too_low' }]);
  });

  it("a server refusal's field list is kept for the view, on the step of its first field", async () => {
    const { actor, controls, snap } = start(f.pixOnlyInput);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    controls.reject('submit', {
      status: 400,
      code: 'validation.failed',
      messages: ['CPF inválido'],
      fields: [{ field: 'contact.cpf', message: 'validation.cpf.invalid' }],
    });
    await flush();
    expect(snap().context.failure?.fields).toEqual([{ field: 'contact.cpf', message: 'validation.cpf.invalid' }]);
    expect(snap().hasTag('step:contact')).toBe(true);
  });
});

describe('checkout machine: prefill and resume', () => {
  it("a signed-in donor's registered address fills the address step: one submit confirms it", async () => {
    const { actor, controls, snap } = start({ ...f.guestInput, signedIn: true, registeredAddress: f.address });
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    expect(snap().hasTag('step:address')).toBe(true);
    expect(snap().context.address).toEqual(f.address);
    actor.send({ type: 'address.submitted', address: snap().context.address });
    await flush();
    expect(controls.calls('submit')).toEqual([expect.objectContaining({ request: expect.objectContaining({ address: f.address }) })]);
  });

  it('progress saved on the payment step comes back on that step, message and typed contact kept over the profile', () => {
    const first = start(f.guestInput);
    first.actor.send({ type: 'amount.changed', amount: 10000 });
    first.actor.send({ type: 'contact.submitted', contact: f.contact, message: 'Força, Recife!', is_anonymous: true });
    const progress = progressOf(first.snap().context, 'payment');
    const { snap } = start({
      ...f.guestInput,
      signedIn: true,
      contact: { name: 'Perfil', email: 'perfil@exemplo.com', cpf: '', telephone: '81999990000' },
      resume: progress,
    });
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(snap().context).toMatchObject({
      amount: 10000,
      message: 'Força, Recife!',
      isAnonymous: true,
      completed: ['contact'],
      signedIn: true,
    });
    expect(snap().context.contact).toMatchObject({ name: 'Ana Souza', email: 'ana@exemplo.com', cpf: '529.982.247-25' });
  });

  it('never keeps a new card, and lands on the first step whose data no longer passes', () => {
    const first = start(f.guestInput);
    first.actor.send({ type: 'contact.submitted', contact: f.contact });
    first.actor.send({ type: 'payment.submitted', payment: f.cardChoice });
    const progress = progressOf(first.snap().context, 'address');
    expect(JSON.stringify(progress)).not.toContain('4111');
    expect(progress.payment).toBeNull();
    const { snap } = start({ ...f.guestInput, resume: progress });
    expect(snap().hasTag('step:payment')).toBe(true);
    const broken = start({ ...f.guestInput, resume: { ...progress, contact: f.invalidContact } });
    expect(broken.snap().hasTag('step:contact')).toBe(true);
  });

  it("an order's fixed total wins over the progress of an earlier order (issue 22): the request is the order on screen", async () => {
    const fixed = (total: number): CheckoutInput => ({ ...f.pixOnlyInput, amount: total, amountRange: { min: total, max: total } });
    const first = start(fixed(4500));
    first.actor.send({ type: 'contact.submitted', contact: f.contact });
    const progress = progressOf(first.snap().context, 'payment');
    expect(progress.amount).toBe(4500);

    const { actor, controls, snap } = start({ ...fixed(6000), resume: progress });
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(snap().context.amount).toBe(6000);
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    await flush();
    expect(snap().context.failure).toBeNull();
    expect(controls.calls('submit')).toEqual([expect.objectContaining({ request: expect.objectContaining({ amount: 6000 }) })]);
  });
});
