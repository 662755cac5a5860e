import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_POLL_MS } from '../../contracts';
import type { CheckoutInput } from '../../machines/checkout/checkout.machine';
import { VisitorPromptProvider } from '../../src/app/dialogs/visitor-prompt';
import { CheckoutFlow } from '../../src/features/checkout/CheckoutFlow';
import { PixDonationPage } from '../../src/features/checkout/PixDonationPage';
import { PixPanel } from '../../src/features/checkout/PixPanel';
import { provideCheckout, type CheckoutServices } from '../../src/features/checkout/checkout-services';
import { addressFromUser, contactFromUser } from '../../src/features/checkout/prefill';
import { useCheckoutMachine } from '../../src/features/checkout/use-checkout-machine';
import * as f from '../machines/checkout.fixtures';
import { renderWithI18n } from './app/render';
import { makeUser, renderPage } from './features/harness';

/**
 * The checkout's screens with the real wiring (provideCheckout) and a fake API: what a donor types,
 * what the API is sent, and what the screen answers.
 */

/** A fake API; each test changes only the answers it is about. */
function fakeServices() {
  return {
    tokenizer: { tokenize: vi.fn<CheckoutServices['tokenizer']['tokenize']>(async () => f.cardToken) },
    createDonation: vi.fn<CheckoutServices['createDonation']>(async () => f.donationResult('card', 'confirmed')),
    getDonation: vi.fn<CheckoutServices['getDonation']>(async () => f.donationResult('pix', 'confirmed')),
    findAttempt: vi.fn<CheckoutServices['findAttempt']>(async () => Promise.reject(new Error('no attempt was left open'))),
    lookupCep: vi.fn<CheckoutServices['lookupCep']>(async () => f.cepResult),
    getGiftCard: vi.fn<CheckoutServices['getGiftCard']>(async () => ({ balance: 10_000 })),
    listSavedCards: vi.fn<CheckoutServices['listSavedCards']>(async () => [f.savedCard]),
    getWalletBalance: vi.fn<CheckoutServices['getWalletBalance']>(async () => 10_000),
  } satisfies CheckoutServices;
}

/** A field by its label; required fields add a '*' (aria-hidden) to it. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Continuar|Doar R\$)/ }));
/** The texts under a field (hint and error), as a screen reader announces them. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function renderCheckout(input: CheckoutInput, services = fakeServices(), donorId: string | null = null) {
  const finish = vi.fn();
  const machine = provideCheckout(services, { finish, redirect: vi.fn() }, donorId);
  await renderWithI18n(
    <VisitorPromptProvider>
      <CheckoutFlow machine={machine} input={input} />
    </VisitorPromptProvider>,
  );
  return { services, finish };
}

async function fillPersonContact() {
  change('Nome completo', f.contact.name ?? '');
  change('CPF', f.contact.cpf ?? '');
  change('E-mail', f.contact.email ?? '');
  change('Telefone', f.contact.telephone ?? '');
  submit();
  await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
}

async function payByPix() {
  fireEvent.click(screen.getByLabelText('PIX'));
  submit();
  await screen.findByRole('heading', { level: 2, name: 'Endereço' });
}

// The visitor prompt's view is lazy in the app; load it once so the first test does not wait on it.
beforeAll(() => import('../../src/app/dialogs/VisitorPromptView'));

describe('checkout address step', () => {
  it('looks the CEP up once per complete CEP, not per key; an unknown CEP says so under the field and the donor types the address', async () => {
    const services = fakeServices();
    const lookupCep = services.lookupCep.mockImplementation(async (cep) => {
      if (cep === '99999999') throw f.cepMissing;
      return f.cepResult;
    });
    await renderCheckout(f.guestInput, services);
    await fillPersonContact();
    await payByPix();

    for (const typed of ['5', '50030', '50030-2', '50030-23', '50030-230']) change('CEP', typed);
    await waitFor(() => expect(field('Estado').value).toBe('PE'));
    // The same CEP typed again (a digit deleted and put back) is not asked again.
    change('CEP', '50030-23');
    change('CEP', '50030-230');
    expect(lookupCep.mock.calls).toEqual([['50030230']]);

    change('CEP', '99999-999');
    await waitFor(() => expect(describedBy(field('CEP'))).toContain('CEP não encontrado'));
    expect(lookupCep).toHaveBeenCalledTimes(2);
    // The failure blocks nothing: the donor types the address and gives.
    fireEvent.change(field('Estado'), { target: { value: 'SP' } });
    change('Cidade', 'São Paulo');
    change('Rua', 'Avenida Paulista');
    change('Número', '1000');
    services.createDonation.mockResolvedValueOnce(f.donationResult('pix', 'pending'));
    submit();
    await waitFor(() => expect(services.createDonation).toHaveBeenCalledTimes(1));
    expect(services.createDonation.mock.calls[0]?.[0].address).toMatchObject({
      zip_code: '99999-999',
      state: 'SP',
      city: 'São Paulo',
      street_address: 'Avenida Paulista',
      house_number: '1000',
    });
  });

  it("a signed-in donor's registered address fills the address step: one tap confirms it", async () => {
    const user = makeUser({
      address: {
        country: 'Brasil',
        zip_code: '01310-100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
        street_address: 'Avenida Paulista',
        complement: 'Sala 4',
        house_number: '1578',
      },
    });
    const input: CheckoutInput = {
      ...f.guestInput,
      signedIn: true,
      contact: contactFromUser(user),
      registeredAddress: addressFromUser(user),
    };
    const { services } = await renderCheckout(input, fakeServices(), user.id);
    // The contact comes prefilled from the profile.
    expect(field('Nome completo').value).toBe('Ana Souza');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    await payByPix();

    expect(field('Rua').value).toBe('Avenida Paulista');
    expect({
      cep: field('CEP').value,
      state: field('Estado').value,
      city: field('Cidade').value,
      neighborhood: field('Bairro').value,
      number: field('Número').value,
      complement: field('Complemento').value,
    }).toEqual({
      cep: '01310-100',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      number: '1578',
      complement: 'Sala 4',
    });
    services.createDonation.mockResolvedValueOnce(f.donationResult('pix', 'pending'));
    submit();
    await waitFor(() => expect(services.createDonation).toHaveBeenCalledTimes(1));
    expect(services.createDonation.mock.calls[0]?.[0].address).toMatchObject({
      country: 'BR',
      zip_code: '01310-100',
      street_address: 'Avenida Paulista',
      house_number: '1578',
    });
  });
});

describe('checkout contact step', () => {
  it('a company gives with CNPJ, razão social and the person in charge; the API gets exactly that', async () => {
    const { services, finish } = await renderCheckout(f.guestInput);
    fireEvent.click(screen.getByLabelText('Empresa'));
    expect(screen.queryByLabelText(/^CPF/)).toBeNull();
    submit();
    // Each missing company field is named.
    expect(await screen.findByText('A razão social é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('O nome do responsável é obrigatório')).toBeInTheDocument();
    change('Razão social', 'Padaria Pão Quente Ltda');
    change('CNPJ', '11.222.333/0001-81');
    change('Nome do responsável', 'Carla Dias');
    change('E-mail', 'financeiro@paoquente.com.br');
    change('Telefone', '(81) 3222-1100');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    expect(within(screen.getByRole('region', { name: 'Resumo da doação' })).getByText('Padaria Pão Quente Ltda')).toBeInTheDocument();
    await payByPix();
    change('CEP', '50030-230');
    await waitFor(() => expect(field('Estado').value).toBe('PE'));
    change('Cidade', 'Recife');
    change('Rua', 'Rua da Aurora');
    change('Número', '100');
    services.createDonation.mockResolvedValueOnce(f.donationResult('pix', 'pending'));
    submit();
    await waitFor(() => expect(services.createDonation).toHaveBeenCalledTimes(1));
    const [request, options] = services.createDonation.mock.calls[0]!;
    expect(options.campaignSlug).toBe('cozinha-solidaria-recife');
    expect(request.contact).toEqual({
      is_company: true,
      foreigner: false,
      name: '',
      corporate_name: 'Padaria Pão Quente Ltda',
      contact_name: 'Carla Dias',
      email: 'financeiro@paoquente.com.br',
      contact_email: '',
      cpf: '',
      cnpj: '11.222.333/0001-81',
      telephone: '(81) 3222-1100',
    });
    expect(request).toMatchObject({ amount: 5000, payment: { method: 'pix' }, is_anonymous: false });
    expect(finish).not.toHaveBeenCalled();
  });
});

describe('checkout payment step', () => {
  it.each([
    ['Saldo da carteira', 'wallet'],
    ['Meus cartões', 'saved_card'],
  ])('a visitor choosing "%s" gets the sign-in prompt, and the method stays unchosen', async (label) => {
    await renderPage(
      () => (
        <VisitorPromptProvider>
          <CheckoutFlow machine={provideCheckout(fakeServices(), { finish: vi.fn(), redirect: vi.fn() }, null)} input={f.guestInput} />
        </VisitorPromptProvider>
      ),
      { path: '/cozinha-solidaria-recife/donate' },
    );
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    await fillPersonContact();
    fireEvent.click(screen.getByLabelText(label));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Você precisa estar logado para utilizar essa funcionalidade.');
    expect(within(dialog).getByRole('button', { name: 'Entrar agora' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Faça seu cadastro' }).getAttribute('href')).toBe('/signup');
    expect((screen.getByLabelText(label) as HTMLInputElement).checked).toBe(false);
  });
});

describe('PIX panel', () => {
  const pending = f.donationResult('pix', 'pending').payment;

  it('links to the sandbox page where a tester pays, when the API gives one', async () => {
    await renderWithI18n(<PixPanel payment={pending} expired={false} onTimedOut={vi.fn()} onRegenerate={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href')).toBe('/sandbox-gateway/pix/SEMEARTX01');
  });

  it('with a real gateway (no sandbox page) shows no such link', async () => {
    await renderWithI18n(
      <PixPanel payment={{ ...pending, sandbox_pay_url: null }} expired={false} onTimedOut={vi.fn()} onRegenerate={vi.fn()} />,
    );
    expect((screen.getByLabelText('PIX copia e cola') as HTMLTextAreaElement).value).toContain('br.gov.bcb.pix');
    expect(screen.queryByRole('link', { name: 'Pagar no ambiente de testes' })).toBeNull();
  });
});

describe('/doacao-pix', () => {
  it('offers no foreigner option and points people abroad to PayPal on a campaign page', async () => {
    await renderPage(
      () => (
        <VisitorPromptProvider>
          <PixDonationPage campaigns={[f.campaign]} />
        </VisitorPromptProvider>
      ),
      { path: '/doacao-pix' },
    );
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(screen.queryByLabelText('Sou estrangeiro / I live outside Brazil')).toBeNull();
    expect(screen.getByText(/Mora fora do Brasil\?/).textContent).toContain('doe por PayPal');
    expect(screen.getByRole('link', { name: 'escolha uma campanha' }).getAttribute('href')).toBe('/search');
  });
});

/** The real useCheckoutMachine (its navigation) with a fake API, in a router. */
async function renderRealFlow(input: CheckoutInput, services: CheckoutServices) {
  function Page() {
    return (
      <VisitorPromptProvider>
        <CheckoutFlow machine={useCheckoutMachine('donate:test', services)} input={input} />
      </VisitorPromptProvider>
    );
  }
  const rendered = await renderPage(Page, { path: '/doar' });
  await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
  return rendered;
}

describe('thank-you page link', () => {
  it('a card donation to a campaign goes to the thank-you page with the campaign to share', async () => {
    const { router } = await renderRealFlow(f.guestInput, fakeServices());
    await fillPersonContact();
    fireEvent.click(screen.getByLabelText('Cartão de crédito'));
    change('Número do cartão', f.card.card_number);
    change('Validade (MM/AA)', f.card.exp_date);
    change('CVV', f.card.cvv);
    change('Nome do titular', f.card.holder_name);
    change('CPF ou CNPJ do titular', f.card.holder_document);
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Endereço' });
    change('CEP', '50030-230');
    await waitFor(() => expect(field('Estado').value).toBe('PE'));
    change('Cidade', 'Recife');
    change('Rua', 'Rua da Aurora');
    change('Número', '100');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/doacao-confirmacao/agradecimento'));
    // The donation's id, never an amount: the thank-you page reads what the donation really was.
    expect(router.state.location.href).toBe(
      '/doacao-confirmacao/agradecimento?donation=d0a1b2c3-0000-4000-8000-000000000001&campaign=cozinha-solidaria-recife',
    );
  });

  it('a PIX to the general fund, once paid, goes to the thank-you page without a campaign', async () => {
    const services = fakeServices();
    services.createDonation.mockResolvedValue(f.donationResult('pix', 'pending'));
    // The page looks again every PAYMENT_POLL_MS: the clock is moved on rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { router } = await renderRealFlow(f.pixOnlyInput, services);
    await fillPersonContact();
    submit();
    await screen.findByText('Aguardando pagamento…', { selector: 'p, p *' });
    expect(router.state.location.pathname).not.toBe('/doacao-confirmacao/agradecimento');
    // The first poll finds it paid and the page moves on by itself.
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doacao-confirmacao/agradecimento'));
    expect(router.state.location.href).toBe('/doacao-confirmacao/agradecimento?donation=d0a1b2c3-0000-4000-8000-000000000001');
  });
});
