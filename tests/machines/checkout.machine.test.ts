import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PAYMENT_POLL_MS } from '../../contracts';
import { availableMethods, checkoutMachine, type CheckoutInput } from '../../machines/checkout/checkout.machine';
import { pixPaymentMachine } from '../../machines/checkout/pix-payment.machine';
import { flush } from './support/replay';
import { controllableCheckout } from './support/checkout-actors';
import * as f from './checkout.fixtures';

function start(input: CheckoutInput = f.guestInput) {
  const { controls, actors } = controllableCheckout();
  const finish = vi.fn();
  const redirectToPaypal = vi.fn();
  const actor = createActor(
    checkoutMachine.provide({
      actors,
      actions: { finish: (_, p) => finish(p), redirectToPaypal: (_, p) => redirectToPaypal(p) },
    }),
    { input },
  ).start();
  const snap = () => actor.getSnapshot();
  // The open step's child machine (a gift card being checked, a CEP looked up).
  const paymentStep = () => snap().children.paymentStep?.getSnapshot();
  const addressStep = () => snap().children.addressStep?.getSnapshot();
  return { actor, controls, finish, redirectToPaypal, snap, paymentStep, addressStep };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('checkout machine: steps', () => {
  it('walks contact → payment → address in the order the input gives, then tokenises and sends', async () => {
    const { actor, controls, finish, snap } = start();
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact, message: 'Força!', is_anonymous: true });
    expect(snap().hasTag('step:payment')).toBe(true);
    actor.send({ type: 'payment.submitted', payment: f.cardChoice });
    expect(snap().hasTag('step:address')).toBe(true);
    actor.send({ type: 'address.submitted', address: f.address });
    expect(snap().hasTag('state:loading')).toBe(true);
    expect(controls.calls('tokenizeCard')).toEqual([{ card: f.card }]);
    controls.resolve('tokenizeCard', f.cardToken);
    await flush();
    const [sent] = controls.calls('submit') as Array<{ request: Record<string, unknown>; campaignSlug: string; retryKey: null }>;
    expect(sent?.campaignSlug).toBe('cozinha-solidaria-recife');
    expect(sent?.retryKey).toBeNull();
    // The API gets the token, never the card number.
    expect(sent?.request.payment).toEqual({ method: 'card', card_token: 'tok_sandbox_1', save_card: false });
    expect(JSON.stringify(sent)).not.toContain('4111');
    expect(sent?.request).toMatchObject({ amount: 5000, message: 'Força!', is_anonymous: true, address: f.address });
    controls.resolve('submit', f.answer('card', 'confirmed'));
    await flush();
    expect(snap().status).toBe('done');
    expect(snap().output).toEqual({ amount: 5000, id: f.donationResult('card', 'confirmed').donation.id });
    // The thank-you page offers to share the campaign given to.
    expect(finish).toHaveBeenCalledWith(expect.objectContaining({ amount: 5000, campaignSlug: 'cozinha-solidaria-recife' }));
  });

  it('refuses invalid data whatever the view sends', () => {
    const { actor, snap } = start();
    actor.send({ type: 'contact.submitted', contact: f.invalidContact });
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact, message: 'x'.repeat(501) });
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: f.invalidCardChoice });
    actor.send({ type: 'payment.submitted', payment: { method: 'paypal' } });
    actor.send({ type: 'payment.submitted', payment: { method: 'gift_card', code: 'not-a-uuid' } });
    // Visitors have no wallet or saved cards.
    actor.send({ type: 'payment.submitted', payment: { method: 'wallet' } });
    actor.send({ type: 'payment.submitted', payment: { method: 'saved_card', card_id: f.savedCard.id } });
    actor.send({ type: 'payment.submitted', payment: { method: 'card', card: f.card, save_card: true } });
    expect(snap().hasTag('step:payment')).toBe(true);
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    actor.send({ type: 'address.submitted', address: { ...f.address, zip_code: '123' } });
    actor.send({ type: 'address.submitted', address: f.foreignAddress });
    expect(snap().hasTag('step:address')).toBe(true);
    actor.send({ type: 'amount.changed', amount: 12.5 });
    expect(snap().context.amount).toBe(5000);
  });

  it("keeps to the checkout's amount range: below the monthly minimum nothing is sent, within it the gift goes", async () => {
    const { actor, controls, snap } = start({ ...f.guestInput, amount: 500, amountRange: { min: 1000, max: 1_000_000 } });
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    actor.send({ type: 'address.submitted', address: f.address });
    await flush();
    expect(controls.calls('submit')).toEqual([]);
    expect(snap().context.failure?.code).toBe('validation.failed');
    expect(snap().hasTag('step:address')).toBe(true);
    actor.send({ type: 'amount.changed', amount: 1000 });
    actor.send({ type: 'address.submitted', address: f.address });
    await flush();
    expect(controls.calls('submit')).toEqual([expect.objectContaining({ request: expect.objectContaining({ amount: 1000 }) })]);
  });

  it('a foreigner sees only PayPal and may give a foreign address; becoming one drops a chosen card', () => {
    const { actor, snap } = start();
    expect(availableMethods(snap().context)).not.toContain('paypal');
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    actor.send({ type: 'step.selected', step: 'contact' });
    actor.send({ type: 'contact.submitted', contact: f.foreignContact });
    expect(availableMethods(snap().context)).toEqual(['paypal']);
    expect(snap().context.completed).toEqual(['contact']);
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    expect(snap().hasTag('step:payment')).toBe(true);
    actor.send({ type: 'payment.submitted', payment: { method: 'paypal' } });
    actor.send({ type: 'address.submitted', address: f.foreignAddress });
    expect(snap().hasTag('state:loading')).toBe(true);
  });

  it('without the foreigner option (/doacao-pix) a foreign contact is refused and a prefilled flag dropped', () => {
    const { actor, snap } = start({ ...f.pixOnlyInput, contact: { foreigner: true } });
    expect(snap().context.contact.foreigner).toBe(false);
    actor.send({ type: 'contact.submitted', contact: f.foreignContact });
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    expect(snap().hasTag('step:payment')).toBe(true);
  });

  it('goes back a step and jumps only to steps already done', () => {
    const { actor, snap } = start();
    actor.send({ type: 'step.selected', step: 'address' });
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'step.backRequested' });
    expect(snap().hasTag('step:contact')).toBe(true);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'step.selected', step: 'contact' });
    expect(snap().hasTag('step:contact')).toBe(true);
  });
});

describe('checkout machine: outcomes', () => {
  async function toAddress(payment = f.cardChoice) {
    const ctx = start();
    ctx.actor.send({ type: 'contact.submitted', contact: f.contact });
    ctx.actor.send({ type: 'payment.submitted', payment });
    ctx.actor.send({ type: 'address.submitted', address: f.address });
    await flush();
    return ctx;
  }

  it('a declined card goes back to payment with the code and every value kept', async () => {
    const { actor, controls, snap } = await toAddress();
    controls.resolve('tokenizeCard', f.cardToken);
    await flush();
    controls.reject('submit', f.declined);
    await flush();
    expect(snap().matches({ payment: 'failed' })).toBe(true);
    expect(snap().hasTag('state:failed')).toBe(true);
    expect(snap().context.failure?.code).toBe('payment.declined');
    expect(snap().context.payment).toEqual(f.cardChoice);
    expect(snap().context.contact).toEqual(f.contact);
    expect(snap().context.address).toEqual(f.address);
    // The one-time token is gone: the next try tokenises again.
    expect(snap().context.cardToken).toBeNull();
    actor.send({ type: 'payment.submitted', payment: f.cardChoice });
    actor.send({ type: 'address.submitted', address: f.address });
    expect(controls.calls('tokenizeCard')).toHaveLength(2);
  });

  it('a network error keeps the Idempotency-Key for every attempt at the gift until one is answered; after a decline a new one', async () => {
    const { actor, controls, snap } = await toAddress({ method: 'pix' });
    controls.reject('submit', f.networkError);
    await flush();
    expect(snap().hasTag('state:interrupted')).toBe(true);
    actor.send({ type: 'checkout.retried' });
    expect((controls.calls('submit')[1] as { retryKey: string }).retryKey).toBe('key-1');
    controls.reject('submit', f.declined);
    await flush();
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    actor.send({ type: 'address.submitted', address: f.address });
    expect((controls.calls('submit')[2] as { retryKey: string | null }).retryKey).toBeNull();
  });

  it('PIX waits for the payment, then finishes by itself; an expired one can be generated again', async () => {
    const { actor, controls, snap, finish } = await toAddress({ method: 'pix' });
    controls.resolve('submit', f.answer('pix', 'pending'));
    await flush();
    expect(snap().hasTag('state:waiting')).toBe(true);
    controls.resolve('pixPayment', { outcome: 'expired', payment: f.donationResult('pix', 'expired').payment });
    await flush();
    expect(snap().hasTag('state:expired')).toBe(true);
    actor.send({ type: 'pix.regenerationRequested' });
    controls.resolve('submit', f.answer('pix', 'pending'));
    await flush();
    controls.resolve('pixPayment', { outcome: 'confirmed', payment: f.donationResult('pix', 'confirmed').payment });
    await flush();
    expect(snap().status).toBe('done');
    expect(finish).toHaveBeenCalledTimes(1);
    expect(finish).toHaveBeenCalledWith(expect.objectContaining({ campaignSlug: 'cozinha-solidaria-recife' }));
  });

  it('the general fund finishes without a campaign; a campaign chosen on /doacao-pix goes to the thank-you page', async () => {
    for (const campaign of [null, f.campaign]) {
      const { actor, controls, finish } = start(f.pixOnlyInput);
      if (campaign) actor.send({ type: 'campaign.changed', campaign });
      actor.send({ type: 'contact.submitted', contact: f.contact });
      actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
      controls.resolve('submit', f.answer('pix', 'pending'));
      await flush();
      controls.resolve('pixPayment', { outcome: 'confirmed', payment: f.donationResult('pix', 'confirmed').payment });
      await flush();
      expect(finish).toHaveBeenCalledWith(expect.objectContaining({ amount: 5000, campaignSlug: campaign?.slug ?? null }));
    }
  });

  it('PayPal leaves for the approval page', async () => {
    const ctx = start();
    ctx.actor.send({ type: 'contact.submitted', contact: f.foreignContact });
    ctx.actor.send({ type: 'payment.submitted', payment: { method: 'paypal' } });
    ctx.actor.send({ type: 'address.submitted', address: f.foreignAddress });
    ctx.controls.resolve('submit', f.answer('paypal', 'pending'));
    await flush();
    expect(ctx.snap().hasTag('state:redirecting')).toBe(true);
    expect(ctx.redirectToPaypal).toHaveBeenCalledWith({ url: '/sandbox-gateway/paypal/orders/PAYID1/approve' });
  });

  it('a gift card is checked before the address: unknown or short cards stay on payment', async () => {
    const { actor, controls, snap, paymentStep } = start();
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'gift_card', code: f.giftCode } });
    expect(paymentStep()?.hasTag('state:loading')).toBe(true);
    expect(controls.calls('checkGiftCard')).toEqual([{ code: f.giftCode }]);
    controls.reject('checkGiftCard', f.giftCardMissing);
    await flush();
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(paymentStep()?.context.failure?.code).toBe('gift_card.not_found');
    actor.send({ type: 'payment.submitted', payment: { method: 'gift_card', code: f.giftCode } });
    controls.resolve('checkGiftCard', { balance: 100 });
    await flush();
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(paymentStep()?.context.failure?.code).toBe('gift_card.insufficient');
    actor.send({ type: 'payment.submitted', payment: { method: 'gift_card', code: f.giftCode } });
    controls.resolve('checkGiftCard', { balance: 10_000 });
    await flush();
    expect(snap().hasTag('step:address')).toBe(true);
  });

  it('signed in: loads saved cards and the wallet; the wallet pays only when it covers the amount', async () => {
    const { actor, controls, snap } = start({ ...f.guestInput, signedIn: true, amount: 5000 });
    controls.resolve('loadSavedCards', [f.savedCard]);
    controls.resolve('loadWalletBalance', 2000);
    await flush();
    expect(snap().context.savedCards).toEqual([f.savedCard]);
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'wallet' } });
    expect(snap().hasTag('step:payment')).toBe(true);
    actor.send({ type: 'amount.changed', amount: 2000 });
    actor.send({ type: 'payment.submitted', payment: { method: 'wallet' } });
    expect(snap().hasTag('step:address')).toBe(true);
  });

  it('signed out elsewhere on the address step: the wallet goes, the screen and the address stay (issue 47, item 14)', async () => {
    const { actor, controls, snap } = start({ ...f.guestInput, signedIn: true, amount: 2000 });
    controls.resolve('loadWalletBalance', 3000);
    await flush();
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'wallet' } });
    expect(snap().hasTag('step:address')).toBe(true);
    actor.send({ type: 'account.signedOut' });
    expect(snap().hasTag('step:address')).toBe(true);
    expect(snap().context).toMatchObject({
      signedIn: false,
      signedOutWhileOpen: true,
      payment: null,
      walletBalance: null,
      completed: ['contact'],
    });
    // Paying now goes back to choose another way: the address is kept.
    actor.send({ type: 'address.submitted', address: f.address });
    expect(snap().hasTag('step:payment')).toBe(true);
    expect(snap().context.address).toEqual(f.address);
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    expect(snap().context).toMatchObject({ payment: { method: 'pix' }, address: f.address });
  });

  it('a wallet balance that fails to load counts as 0 (SPEC §8)', async () => {
    const { controls, snap } = start({ ...f.guestInput, signedIn: true });
    controls.reject('loadWalletBalance', new Error('down'));
    await flush();
    expect(snap().context.walletBalance).toBe(0);
  });

  it('looks a CEP up; a failure says CEP não encontrado and the donor types the address', async () => {
    const { actor, controls, snap, addressStep } = start();
    actor.send({ type: 'contact.submitted', contact: f.contact });
    actor.send({ type: 'payment.submitted', payment: { method: 'pix' } });
    actor.send({ type: 'cep.entered', cep: '50030230' });
    expect(addressStep()?.hasTag('state:lookingUp')).toBe(true);
    controls.resolve('lookupCep', f.cepResult);
    await flush();
    expect(addressStep()?.context.cep).toEqual(f.cepResult);
    actor.send({ type: 'cep.entered', cep: '99999999' });
    controls.reject('lookupCep', f.cepMissing);
    await flush();
    expect(addressStep()?.context.cepFailure).toBe('cep.not_found');
    expect(snap().hasTag('step:address')).toBe(true);
  });
});

describe('pix payment machine', () => {
  it('asks every PAYMENT_POLL_MS until the donation is confirmed; failed checks keep it asking', async () => {
    const checks: Array<'pending' | 'error' | 'confirmed'> = ['pending', 'error', 'confirmed'];
    const checkPayment = vi.fn(async (_args: { input: { id: string; receiptToken: string | null } }) => {
      const next = checks.shift();
      if (next === 'error') throw new Error('offline');
      return f.pixCheck(next === 'confirmed' ? 'confirmed' : 'pending');
    });
    const created = f.answer('pix', 'pending');
    if (created.status !== 'pending_pix') throw new Error('fixture: a PIX answer opens a charge');
    const actor = createActor(pixPaymentMachine.provide({ actors: { checkPayment: fromPromise(checkPayment) } }), {
      input: created.pix,
    }).start();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - 1);
    expect(checkPayment).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 2);
    expect(checkPayment).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.outcome).toBe('confirmed');
    // Each check asks with the receipt token the donation was created with.
    expect(checkPayment.mock.calls.map(([args]) => args.input.receiptToken)).toEqual(['rt_123', 'rt_123', 'rt_123']);
  });
});
