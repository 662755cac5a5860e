import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CheckoutAddressInput, ContactInput } from '../../contracts';
import { checkoutMachine, isPaymentValid, type CheckoutContext, type PaymentChoice } from '../../machines/checkout/checkout.machine';
import { VisitorPromptProvider } from '../../src/app/dialogs/visitor-prompt';
import { CheckoutFlow } from '../../src/features/checkout/CheckoutFlow';
import { controllableActors, describePath, shortestPaths, type Controls, type GraphEvent } from '../machines/support/replay';
import { checkoutModelEvents, effectActorNames } from '../machines/checkout.model';
import { addressStepMachine } from '../../machines/checkout/steps/address-step.machine';
import { paymentStepMachine } from '../../machines/checkout/steps/payment-step.machine';
import * as f from '../machines/checkout.fixtures';
import { renderWithI18n } from './app/render';

/**
 * The checkout's graph drives the rendered view: for each shortest path of the machine (guest on a
 * campaign), the test does what a donor does to produce each event (fills and submits the forms,
 * clicks "Voltar", "Tentar de novo", "Gerar novo código") or settles the fake API call, then checks
 * what the screen shows for the state the graph says we are in.
 */

const viewEvents: GraphEvent[] = checkoutModelEvents;

/** Screens, not data: one path per distinct screen (state, steps done, method, failure…). */
const screenKey = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as CheckoutContext;
  return JSON.stringify([
    snapshot.value,
    c.completed,
    c.lastStep,
    c.payment?.method ?? null,
    c.contact.foreigner === true,
    c.failure?.code ?? null,
    c.retryKey !== null,
  ]);
};

const paths = shortestPaths(checkoutMachine, { input: f.guestInput, events: viewEvents, serializeState: screenKey }).filter((path) =>
  path.steps.every((step, i) => {
    const event = step.event as GraphEvent;
    const before = path.steps[i - 1]?.state.context as CheckoutContext | undefined;
    // A foreign address only where the view offers it (the graph also tries it on a Brazilian's form).
    const address = event.type === 'xstate.done.actor.addressStep' ? (event.output as { address: CheckoutAddressInput }).address : null;
    if (address && address.country !== 'BR' && !before?.contact.foreigner) return false;
    // Data the checkout refuses from a step (a PayPal choice for a Brazilian): the step's own form never
    // lets it through, so only the machine's model test reaches the reopened step.
    return !(
      before &&
      event.type === 'xstate.done.actor.paymentStep' &&
      !isPaymentValid(before, (event.output as { payment: PaymentChoice }).payment)
    );
  }),
);

const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setImmediate(resolve));
  });
/** The step's form, where its fields and its submit button are: looking there, not in the whole page, is quicker. */
const stepForm = () => {
  const form = document.querySelector('form');
  expect(form).not.toBeNull();
  return within(form!);
};
/** A field by its label; required fields add a '*' (aria-hidden) to it. */
const field = (label: string) => stepForm().getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The form's submit button, by what it says (a role query would work out the name of every button on each step). */
const submitButton = () => stepForm().getByText(/^(Continuar|Doar R\$)/, { selector: 'button[type="submit"]' });

function fillContact(contact: ContactInput) {
  const foreigner = stepForm().getByLabelText('Sou estrangeiro / I live outside Brazil') as HTMLInputElement;
  if (foreigner.checked !== (contact.foreigner === true)) fireEvent.click(foreigner);
  change('Nome completo', contact.name ?? '');
  if (!contact.foreigner) change('CPF', contact.cpf ?? '');
  change('E-mail', contact.email ?? '');
  change('Telefone', contact.telephone ?? '');
}

function fillPayment(payment: PaymentChoice) {
  const labels = { card: 'Cartão de crédito', pix: 'PIX', paypal: 'PayPal' } as Record<string, string>;
  fireEvent.click(stepForm().getByLabelText(labels[payment.method] ?? payment.method));
  if (payment.method === 'card') {
    change('Número do cartão', payment.card.card_number);
    change('Validade (MM/AA)', payment.card.exp_date);
    change('CVV', payment.card.cvv);
    change('Nome do titular', payment.card.holder_name);
    change('CPF ou CNPJ do titular', payment.card.holder_document);
  }
}

/** A foreigner's form asks the country and has free-text postal code and region. */
function fillAddress(address: CheckoutAddressInput, foreign: boolean) {
  if (foreign) change('País', address.country ?? '');
  change(foreign ? 'Código postal' : 'CEP', address.zip_code ?? '');
  change(foreign ? 'Estado / região' : 'Estado', address.state ?? '');
  change('Cidade', address.city ?? '');
  change('Rua', address.street_address ?? '');
  change('Número', address.house_number ?? '');
}

/**
 * Makes one event of the path happen the way a donor (or the fake API) would: a step is done when
 * the donor fills its form and submits it (the real step machine takes it from there).
 */
async function perform(event: GraphEvent, controls: Controls, before: CheckoutContext) {
  const output = event.output as { contact: ContactInput } & { payment: PaymentChoice } & { address: CheckoutAddressInput };
  if (event.type === 'xstate.done.actor.contactStep') {
    fillContact(output.contact);
    fireEvent.click(submitButton());
  } else if (event.type === 'xstate.done.actor.paymentStep') {
    fillPayment(output.payment);
    fireEvent.click(submitButton());
  } else if (event.type === 'xstate.done.actor.addressStep') {
    fillAddress(output.address, before.contact.foreigner === true);
    fireEvent.click(submitButton());
  } else if (event.type.startsWith('xstate.done.actor.')) controls.resolve(event.type.slice('xstate.done.actor.'.length), event.output);
  else if (event.type.startsWith('xstate.error.actor.')) controls.reject(event.type.slice('xstate.error.actor.'.length), event.error);
  // By its text: a role query reads the whole page, and this is the most frequent click of the paths.
  else if (event.type === 'step.backRequested') fireEvent.click(screen.getByText('Voltar', { selector: 'button' }));
  else if (event.type === 'checkout.retried') fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
  else if (event.type === 'pix.regenerationRequested') fireEvent.click(screen.getByRole('button', { name: 'Gerar novo código' }));
  else throw new Error(`no user action for ${event.type}`);
  await settle();
}

/** What the donor must see in each state of the graph. */
function expectScreen(state: AnyMachineSnapshot, summary: HTMLElement) {
  const context = state.context as CheckoutContext;
  // The amount is always in sight, in the summary the page opened with (still that one, on the page).
  expect(summary).toBeInTheDocument();
  expect(within(summary).getByText('R$ 50,00')).toBeInTheDocument();
  const names = { contact: 'Seus dados', payment: 'Pagamento', address: 'Endereço' } as const;
  for (const step of ['contact', 'payment', 'address'] as const) {
    // The step's title, as a level-2 heading (by its tag: a role query reads the whole page on every step).
    if (state.hasTag(`step:${step}`)) expect(screen.getByText(names[step], { selector: 'h2' })).toBeInTheDocument();
  }
  if (state.hasTag('state:loading')) expect(document.querySelector('button[aria-busy="true"]')).not.toBeNull();
  if (state.hasTag('state:failed')) {
    expect(screen.getByRole('alert').textContent).toContain('Pagamento recusado pelo banco emissor');
    // A declined card keeps the form filled.
    if (context.payment?.method === 'card') expect((field('Número do cartão') as HTMLInputElement).value).toBe('4111 1111 1111 1111');
  }
  if (state.hasTag('state:waiting')) {
    expect(screen.getByText('Aguardando pagamento…', { selector: 'p, p *' })).toBeInTheDocument();
    expect((screen.getByLabelText('PIX copia e cola') as HTMLTextAreaElement).value).toContain('br.gov.bcb.pix');
    expect(screen.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href')).toBe('/sandbox-gateway/pix/SEMEARTX01');
  }
  if (state.hasTag('state:expired')) expect(screen.getByRole('button', { name: 'Gerar novo código' })).toBeInTheDocument();
  if (state.hasTag('state:interrupted')) expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  if (state.hasTag('state:redirecting')) expect(screen.getByText(/Levando você ao PayPal/)).toBeInTheDocument();
  if (state.hasTag('state:succeeded')) expect(screen.getByText(/Doação confirmada!/)).toBeInTheDocument();
}

describe('checkout view driven by the machine graph', () => {
  it('covers the screens that matter', () => {
    const tags = new Set(paths.flatMap((p) => [...p.state.tags]));
    for (const tag of [
      'step:contact',
      'step:payment',
      'step:address',
      'state:failed',
      'state:waiting',
      'state:expired',
      'state:interrupted',
      'state:redirecting',
      'state:succeeded',
    ])
      expect(tags).toContain(tag);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(
      [checkoutMachine, paymentStepMachine, addressStepMachine],
      [...effectActorNames, 'lookupCep', 'checkGiftCard'],
    );
    const { lookupCep, checkGiftCard, ...effects } = controls.actors;
    const finish = vi.fn();
    const redirect = vi.fn();
    const machine = checkoutMachine.provide({
      actors: {
        ...effects,
        paymentStep: paymentStepMachine.provide({ actors: { checkGiftCard } }),
        addressStep: addressStepMachine.provide({ actors: { lookupCep } }),
      },
      actions: { finish: (_, p) => finish(p), redirectToPaypal: (_, p) => redirect(p) },
    });
    await renderWithI18n(
      <VisitorPromptProvider>
        <CheckoutFlow machine={machine} input={f.guestInput} />
      </VisitorPromptProvider>,
    );
    await settle();
    // Found by its role once: a role query reads the whole page, and the summary stays mounted throughout.
    const summary = screen.getByRole('region', { name: 'Resumo da doação' });
    for (const [index, step] of path.steps.entries()) {
      const before = path.steps[index - 1]?.state.context as CheckoutContext;
      const event = step.event as GraphEvent & EventObject;
      if (event.type !== 'xstate.init') await perform(event, controls, before);
      expectScreen(step.state, summary);
    }
    if (path.state.hasTag('state:succeeded'))
      expect(finish).toHaveBeenCalledWith(expect.objectContaining({ amount: 5000, campaignSlug: f.campaign.slug }));
    if (path.state.hasTag('state:redirecting'))
      expect(redirect).toHaveBeenCalledWith({ url: '/sandbox-gateway/paypal/orders/PAYID1/approve' });
  });
});
