import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CheckoutInput } from '../../machines/checkout/checkout.machine';
import { VisitorPromptProvider } from '../../src/app/dialogs/visitor-prompt';
import { CheckoutFlow } from '../../src/features/checkout/CheckoutFlow';
import { provideCheckout, type CheckoutServices } from '../../src/features/checkout/checkout-services';
import { loadProgress } from '../../src/features/checkout/checkout-progress';
import * as f from '../machines/checkout.fixtures';

/** PIX only, as /doacao-pix, with the foreigner option (its absence needs a router for the /search link). */
const pixInput: CheckoutInput = { ...f.pixOnlyInput, allowForeigner: true };
import { renderWithI18n } from './app/render';

/**
 * Issue 10, the checkout on a phone: the summary as one line, refusals that name and highlight their
 * field, the minimum beside "too low", prefilled documents masked, and progress that survives leaving
 * to sign in.
 */

function fakeServices() {
  return {
    tokenizer: { tokenize: vi.fn<CheckoutServices['tokenizer']['tokenize']>(async () => f.cardToken) },
    createDonation: vi.fn<CheckoutServices['createDonation']>(async () => f.donationResult('pix', 'pending')),
    getDonation: vi.fn<CheckoutServices['getDonation']>(async () => f.donationResult('pix', 'pending')),
    findAttempt: vi.fn<CheckoutServices['findAttempt']>(async () => Promise.reject(new Error('no attempt was left open'))),
    lookupCep: vi.fn<CheckoutServices['lookupCep']>(async () => f.cepResult),
    getGiftCard: vi.fn<CheckoutServices['getGiftCard']>(async () => ({ balance: 10_000 })),
    listSavedCards: vi.fn<CheckoutServices['listSavedCards']>(async () => []),
    getWalletBalance: vi.fn<CheckoutServices['getWalletBalance']>(async () => 0),
  } satisfies CheckoutServices;
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Continuar|Doar R\$|Doar$)/ }));
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function renderCheckout(input: CheckoutInput, options: { progressKey?: string; services?: ReturnType<typeof fakeServices> } = {}) {
  const services = options.services ?? fakeServices();
  const machine = provideCheckout(services, { finish: vi.fn(), redirect: vi.fn() }, null);
  const view = await renderWithI18n(
    <VisitorPromptProvider>
      <CheckoutFlow machine={machine} input={input} progressKey={options.progressKey} />
    </VisitorPromptProvider>,
  );
  return { services, view };
}

/** A phone-sized window: the desktop media query does not match. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeAll(() => import('../../src/app/dialogs/VisitorPromptView'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('checkout on a phone', () => {
  it('the summary is one line with the amount, before the form, and opens in place', async () => {
    asPhone();
    await renderCheckout(f.guestInput);
    const line = screen.getByRole('button', { name: /Resumo · R\$ 50,00/ });
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('summary-amount')).toBeNull();
    // The line comes before the amount picker in the page's order.
    expect(line.compareDocumentPosition(screen.getByRole('group', { name: 'Valor da doação' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('summary-amount').textContent).toBe('R$ 50,00');
  });

  it('on a desktop the whole summary stays beside the form', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await renderCheckout(f.guestInput);
    expect(screen.getByTestId('summary-amount').textContent).toBe('R$ 50,00');
    expect(screen.queryByRole('button', { name: /Resumo ·/ })).toBeNull();
  });
});

describe('refusals name and highlight their field', () => {
  it('no amount chosen: the amount is marked invalid with its message and the summary names it', async () => {
    const { services } = await renderCheckout({ ...pixInput, amount: null });
    change('Nome completo', f.contact.name ?? '');
    change('CPF', f.contact.cpf ?? '');
    change('E-mail', f.contact.email ?? '');
    change('Telefone', f.contact.telephone ?? '');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    submit();
    const group = await screen.findByRole('group', { name: 'Valor da doação' });
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(group)).toContain('O valor é obrigatório');
    expect(screen.getByText(/Confira os dados destacados e tente de novo\. Campos a corrigir: Valor da doação\./)).toBeInTheDocument();
    expect(services.createDonation).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('R$ 30,00'));
    submit();
    await waitFor(() => expect(services.createDonation).toHaveBeenCalledTimes(1));
  });

  it("a server refusal's field is highlighted on its step and named", async () => {
    const services = fakeServices();
    services.createDonation.mockRejectedValueOnce({
      status: 400,
      code: 'validation.failed',
      messages: ['CPF inválido'],
      fields: [{ field: 'contact.cpf', message: 'validation.cpf.invalid' }],
    });
    await renderCheckout(pixInput, { services });
    change('Nome completo', f.contact.name ?? '');
    change('CPF', f.contact.cpf ?? '');
    change('E-mail', f.contact.email ?? '');
    change('Telefone', f.contact.telephone ?? '');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    submit();
    await waitFor(() => expect(field('CPF').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('heading', { level: 2, name: 'Seus dados' })).toBeInTheDocument();
    expect(screen.getByText(/Campos a corrigir: CPF\./)).toBeInTheDocument();
  });

  it('"Valor menor que o permitido" comes with the minimum, tied to the field', async () => {
    await renderCheckout(f.guestInput);
    fireEvent.click(screen.getByLabelText('Outro valor'));
    change('Outro valor (R$)', '2');
    const other = field('Outro valor (R$)');
    expect(describedBy(other)).toContain('Valor menor que o permitido');
    expect(describedBy(other)).toContain('Mínimo: R$ 5,00');
  });

  it('"Valor maior que o permitido" comes with the maximum, tied to the field (issue 47, item 8)', async () => {
    await renderCheckout(f.guestInput);
    fireEvent.click(screen.getByLabelText('Outro valor'));
    change('Outro valor (R$)', '99999999');
    const other = field('Outro valor (R$)');
    expect(describedBy(other)).toContain('Valor maior que o permitido');
    expect(describedBy(other)).toMatch(/Mínimo: R\$\s5,00 · máximo: R\$\s100\.000,00/);
  });
});

describe('prefill', () => {
  it('a prefilled CPF and phone look like typed ones', async () => {
    await renderCheckout({ ...f.guestInput, contact: { name: 'Ana Souza', cpf: '52998224725', telephone: '81987654321' } });
    expect(field('CPF').value).toBe('529.982.247-25');
    expect(field('Telefone').value).toBe('(81) 98765-4321');
  });
});

describe('progress across a sign-in', () => {
  it('what was typed and the step come back; never the card number', async () => {
    const first = await renderCheckout(f.guestInput, { progressKey: 'donate:test' });
    fireEvent.click(screen.getByLabelText('R$ 100,00'));
    change('Nome completo', f.contact.name ?? '');
    change('CPF', f.contact.cpf ?? '');
    change('E-mail', f.contact.email ?? '');
    change('Telefone', f.contact.telephone ?? '');
    change('Mensagem para a campanha (opcional)', 'Força, Recife!');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    fireEvent.click(screen.getByLabelText('Cartão de crédito'));
    change('Número do cartão', '4111 1111 1111 1111');
    expect(JSON.stringify(loadProgress('donate:test'))).not.toContain('4111');
    first.view.unmount();

    // Back from /signin: a new page, a new machine, signed in now.
    await renderCheckout({ ...f.guestInput, signedIn: true }, { progressKey: 'donate:test' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pagamento' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '1. Seus dados' }));
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(field('Mensagem para a campanha (opcional)').value).toBe('Força, Recife!');
    expect(field('Nome completo').value).toBe('Ana Souza');
    expect((screen.getByLabelText('R$ 100,00') as HTMLInputElement).checked).toBe(true);
  });

  it('is cleared once a charge exists', async () => {
    await renderCheckout(pixInput, { progressKey: 'doacao-pix' });
    change('Nome completo', f.contact.name ?? '');
    change('CPF', f.contact.cpf ?? '');
    change('E-mail', f.contact.email ?? '');
    change('Telefone', f.contact.telephone ?? '');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    expect(loadProgress('doacao-pix')?.step).toBe('payment');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pague com PIX' });
    expect(loadProgress('doacao-pix')).toBeNull();
  });
});

describe('checkout progress store', () => {
  it('is read back only on the page address it was saved at, and only for an hour', async () => {
    const { saveProgress } = await import('../../src/features/checkout/checkout-progress');
    const progress = {
      step: 'payment' as const,
      amount: 10000,
      campaign: f.campaign,
      contact: f.contact,
      message: 'Oi',
      isAnonymous: false,
      payment: null,
      address: null,
    };
    window.history.replaceState(null, '', '/cozinha-solidaria-recife/donate?amount=50');
    saveProgress('donate:x', progress, 1_000);
    expect(loadProgress('donate:x', 1_000 + 59 * 60_000)).toEqual(progress);
    expect(loadProgress('donate:x', 1_000 + 61 * 60_000)).toBeNull();
    // Back on the campaign page, a new amount chosen: a new start.
    window.history.replaceState(null, '', '/cozinha-solidaria-recife/donate?amount=200');
    expect(loadProgress('donate:x', 1_000)).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
