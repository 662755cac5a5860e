import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { monthlyCheckoutSearchSchema, PAYMENT_POLL_MS, type User } from '../../contracts';
import { VisitorPromptProvider } from '../../src/app/dialogs/visitor-prompt';
import { CheckoutFlow } from '../../src/features/checkout/CheckoutFlow';
import { provideCheckout, type CheckoutServices } from '../../src/features/checkout/checkout-services';
import { addressFromUser, contactFromUser } from '../../src/features/checkout/prefill';
import { CancelLinkPage } from '../../src/features/monthly/CancelLinkPage';
import { MonthlyCheckoutPage, type PrefillFromUser } from '../../src/features/monthly/MonthlyCheckoutPage';
import { MonthlyLandingPage } from '../../src/features/monthly/MonthlyLandingPage';
import type { CancelLinkServices } from '../../src/features/monthly/cancel-link-provider';
import type { MonthlyCheckoutServices } from '../../src/features/monthly/monthly-checkout-services';
import * as cf from '../machines/checkout.fixtures';
import * as f from '../machines/monthly/fixtures';
import { makeUser, renderPage } from './features/harness';

/** /doacao-mensal, its checkout (with the shared checkout screen) and the e-mail cancel link, with a fake API. */

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Continuar|Doar R\$|Assinar doação mensal)/ }));

/** The texts under a field (hint and error), as a screen reader announces them. */
const describedByText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeAll(() => Promise.all([import('../../src/app/dialogs/VisitorPromptView'), import('../../src/app/dialogs/ConfirmDialogView')]));

describe('/doacao-mensal', () => {
  it('a preset goes to the checkout with that amount in reais', async () => {
    const { router } = await renderPage(MonthlyLandingPage, { path: '/doacao-mensal' });
    fireEvent.click(await screen.findByLabelText('R$ 100,00/mês'));
    expect(screen.getByLabelText('R$ 100,00/mês')).toBeChecked();
    fireEvent.click(screen.getByRole('link', { name: 'Doar R$ 100,00 por mês' }));
    await waitFor(() => expect(router.state.location.href).toBe('/doacao-mensal/checkout?amount=100'));
    // The checkout's route code is transformed on first use: seconds on a loaded 2-core machine.
  }, 20_000);

  it('a custom amount within R$ 10,00–R$ 10.000,00 goes to the checkout; outside it, the page says the range and offers no link', async () => {
    const { router } = await renderPage(MonthlyLandingPage, { path: '/doacao-mensal' });
    fireEvent.click(await screen.findByLabelText('Outro valor'));
    change('Outro valor por mês (R$)', '5');
    expect(screen.getByText('Escolha um valor entre R$ 10,00 e R$ 10.000,00 por mês.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /por mês/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Doar por mês' }) as HTMLButtonElement).disabled).toBe(true);
    change('Outro valor por mês (R$)', '25,50');
    fireEvent.click(screen.getByRole('link', { name: 'Doar R$ 25,50 por mês' }));
    await waitFor(() => expect(router.state.location.href).toBe('/doacao-mensal/checkout?amount=25.5'));
  }, 20_000);

  it('says what the money does and how monthly giving works (unused credit donated automatically, cancel any time, card limit)', async () => {
    await renderPage(MonthlyLandingPage, { path: '/doacao-mensal' });
    await screen.findByRole('heading', { name: 'O que sua doação mensal faz' });
    for (const amount of ['R$ 20,00 por mês', 'R$ 35,00 por mês', 'R$ 50,00 por mês', 'R$ 100,00 por mês'])
      expect(screen.getByText(amount)).toBeInTheDocument();
    const how = screen.getByRole('heading', { name: 'Como funciona' }).parentElement as HTMLElement;
    expect(how.textContent).toContain('doado automaticamente para a causa que você mais apoia');
    expect(how.textContent).toContain('pausa ou cancela quando quiser');
    expect(how.textContent).toContain('não ocupa o limite do cartão');
  });
});

function fakeServices() {
  return {
    tokenizer: { tokenize: vi.fn(async () => cf.cardToken) },
    createSubscription: vi.fn<MonthlyCheckoutServices['createSubscription']>(async (request) => ({
      subscription: f.subscription({ amount: request.amount }),
      charge: f.charge({ amount: request.amount }),
    })),
    getCurrentSubscription: vi.fn<MonthlyCheckoutServices['getCurrentSubscription']>(async () => ({ subscription: null, charges: [] })),
    lookupCep: vi.fn(async () => cf.cepResult),
    listSavedCards: vi.fn(async () => []),
    offersMonthlyPix: vi.fn<MonthlyCheckoutServices['offersMonthlyPix']>(async () => false),
  } satisfies MonthlyCheckoutServices;
}

const prefill: PrefillFromUser = (user) => ({ contact: contactFromUser(user), registeredAddress: addressFromUser(user) });

async function renderCheckout({
  user,
  services,
  url = '/doacao-mensal/checkout?amount=50',
  contact,
}: {
  user: User | null;
  services: MonthlyCheckoutServices;
  url?: string;
  contact?: { name?: string; email?: string; telephone?: string };
}) {
  function Page() {
    return (
      <VisitorPromptProvider>
        <MonthlyCheckoutPage amount={50} contact={contact} Checkout={CheckoutFlow} prefill={prefill} services={services} />
      </VisitorPromptProvider>
    );
  }
  return renderPage(Page, { path: '/doacao-mensal/checkout', url, user });
}

async function payWithNewCard() {
  fireEvent.click(screen.getByLabelText('Cartão de crédito'));
  change('Número do cartão', cf.card.card_number);
  change('Validade (MM/AA)', cf.card.exp_date);
  change('CVV', cf.card.cvv);
  change('Nome do titular', cf.card.holder_name);
  change('CPF ou CNPJ do titular', cf.card.holder_document);
  submit();
  await screen.findByRole('heading', { level: 2, name: 'Endereço' });
}

describe('/doacao-mensal/checkout', () => {
  it('a signed-in donor subscribes with a new card: POST /subscriptions gets the token (never the number) and the page moves to the thank-you page', async () => {
    const services = fakeServices();
    const { router } = await renderCheckout({ user: makeUser(), services });
    // No foreigner option (PayPal is not offered), and only card methods.
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(screen.queryByLabelText(/Sou estrangeiro/)).toBeNull();
    expect(field('Nome completo').value).toBe('Ana Souza');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    // The bank offers no Pix Automático here (the default): no PIX.
    expect(screen.queryByLabelText('PIX')).toBeNull();
    expect(screen.queryByLabelText('PayPal')).toBeNull();
    await payWithNewCard();
    fireEvent.click(screen.getByRole('button', { name: 'Usar meu endereço cadastrado' }));
    await waitFor(() => expect(field('Rua').value).toBe('Rua da Aurora'));
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/doacao-mensal/agradecimento'));
    // No amount in the URL: the thank-you page reads it from the subscription.
    expect(router.state.location.href).toBe('/doacao-mensal/agradecimento');
    expect(services.createSubscription).toHaveBeenCalledTimes(1);
    const [request, options] = services.createSubscription.mock.calls[0]!;
    expect(request).toMatchObject({
      amount: 5000,
      payment: { method: 'card', card_token: cf.cardToken.token },
      contact: { name: 'Ana Souza', email: 'ana@exemplo.com' },
      address: { city: 'Recife', country: 'BR' },
    });
    // A new attempt: a new Idempotency-Key (a UUID, which is what a lost answer is later asked about by).
    expect(options.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.stringify(request)).not.toContain('4111');
  });

  it('where the bank offers Pix Automático, PIX shows the combined QR and, once paid in the bank app, the thank-you page', async () => {
    const services = fakeServices();
    services.offersMonthlyPix.mockResolvedValue(true);
    const awaiting = f.subscription({
      status: 'awaiting_authorization',
      payment_method: 'pix_automatico',
      card: null,
      pix_authorization: {
        br_code: '00020101021226…6304ABCD',
        qr_code: 'data:image/png;base64,iVBORw0KGgo=',
        // Relative to now: a fixed date would expire the QR the day it passes.
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      },
    });
    services.createSubscription.mockResolvedValue({ subscription: awaiting, charge: f.charge({ status: 'processing' }) });
    // The page looks again every PAYMENT_POLL_MS: the clock is moved on rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { router } = await renderCheckout({ user: makeUser(), services });
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    fireEvent.click(screen.getByLabelText('PIX'));
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Endereço' });
    fireEvent.click(screen.getByRole('button', { name: 'Usar meu endereço cadastrado' }));
    await waitFor(() => expect(field('Rua').value).toBe('Rua da Aurora'));
    // Still awaiting at the first look: the QR stays on screen.
    services.getCurrentSubscription.mockResolvedValueOnce({ subscription: awaiting, charges: [] });
    submit();
    expect(await screen.findByDisplayValue('00020101021226…6304ABCD')).toBeInTheDocument();
    expect(services.createSubscription.mock.calls[0]![0]).toMatchObject({ payment: { method: 'pix_automatico' } });
    // Paid and authorised in the bank app: the next look finds it active and the page moves on by itself.
    services.getCurrentSubscription.mockResolvedValue({
      subscription: { ...awaiting, status: 'active', pix_authorization: null },
      charges: [],
    });
    expect(router.state.location.pathname).toBe('/doacao-mensal/checkout');
    await act(() => vi.advanceTimersByTimeAsync(2 * PAYMENT_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doacao-mensal/agradecimento'));
  });

  it('a declined first month (402) keeps the donor on the checkout with the reason; nothing is left open', async () => {
    const declined = Object.assign(new Error('declined'), {
      status: 402,
      code: 'payment.declined',
      messages: ['Cartão recusado'],
      idempotencyKey: 'k-1',
    });
    const services = fakeServices();
    services.createSubscription.mockRejectedValue(declined);
    const { router } = await renderCheckout({ user: makeUser(), services });
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    await payWithNewCard();
    fireEvent.click(screen.getByRole('button', { name: 'Usar meu endereço cadastrado' }));
    await waitFor(() => expect(field('Rua').value).toBe('Rua da Aurora'));
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    expect(screen.getByText(/recusado/i)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doacao-mensal/checkout');
  });

  it('a visitor is asked to sign in (the credit lands in a wallet): "Entrar agora" returns to this checkout afterwards', async () => {
    const services = fakeServices();
    // The prompt takes the return path from the browser's address bar.
    window.history.replaceState(null, '', '/doacao-mensal/checkout?amount=50');
    const { router } = await renderCheckout({ user: null, services });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('o crédito de cada mês entra na sua carteira Semear');
    expect(within(dialog).getByRole('link', { name: 'Faça seu cadastro' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entrar agora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ return_url: '/doacao-mensal/checkout?amount=50' });
    expect(services.getCurrentSubscription).not.toHaveBeenCalled();
    expect(services.createSubscription).not.toHaveBeenCalled();
  });

  it('a donor who already gives monthly is told so and sent to manage it, with no checkout', async () => {
    const services = fakeServices();
    services.getCurrentSubscription.mockResolvedValue({ subscription: f.subscription({ amount: 3500, status: 'paused' }), charges: [] });
    await renderCheckout({ user: makeUser(), services });
    expect(await screen.findByText(/Você já tem uma doação mensal de R\$ 35,00 \(Pausada\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerenciar minha doação mensal' }).getAttribute('href')).toBe('/profile/wallet');
    expect(screen.queryByRole('heading', { level: 2, name: 'Seus dados' })).toBeNull();
  });
});

/** The shared checkout as a campaign page uses it (one-time), for a signed-in donor. */
async function renderCampaignCheckout(user: User) {
  const services: CheckoutServices = {
    tokenizer: { tokenize: vi.fn(async () => cf.cardToken) },
    createDonation: vi.fn(async () => cf.donationResult('card', 'confirmed')),
    getDonation: vi.fn(async () => cf.donationResult('card', 'confirmed')),
    findAttempt: vi.fn(async () => cf.donationResult('card', 'confirmed')),
    lookupCep: vi.fn(async () => cf.cepResult),
    getGiftCard: vi.fn(async () => ({ balance: 0 })),
    listSavedCards: vi.fn(async () => []),
    getWalletBalance: vi.fn(async () => 0),
  };
  const machine = provideCheckout(services, { finish: vi.fn(), redirect: vi.fn() }, user.id);
  const input = { ...cf.guestInput, signedIn: true, contact: contactFromUser(user), registeredAddress: addressFromUser(user) };
  return renderPage(
    () => (
      <VisitorPromptProvider>
        <CheckoutFlow machine={machine} input={input} />
      </VisitorPromptProvider>
    ),
    { path: '/cozinha-solidaria-recife/donate', user },
  );
}

const summary = () => screen.getByRole('region', { name: 'Resumo da doação' });
const amountChoices = (legend: string) =>
  within(screen.getByRole('group', { name: legend }))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent?.trim());

describe('the shared checkout, monthly or one-time', () => {
  it('monthly: monthly presets and "por mês" wording; no anonymous flag, message, foreigner option or "Salvar este cartão"; the button subscribes', async () => {
    await renderCheckout({ user: makeUser(), services: fakeServices() });
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(amountChoices('Valor mensal da doação')).toEqual([
      'R$ 20,00/mês',
      'R$ 35,00/mês',
      'R$ 50,00/mês',
      'R$ 100,00/mês',
      'Outro valor',
    ]);
    expect((screen.getByLabelText('R$ 50,00/mês') as HTMLInputElement).checked).toBe(true);
    expect(within(summary()).getByRole('heading', { name: 'Doação mensal' })).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-amount').textContent).toBe('R$ 50,00 por mês');
    expect(screen.queryByLabelText(/Doar anonimamente/)).toBeNull();
    expect(screen.queryByLabelText(/Mensagem para a campanha/)).toBeNull();
    expect(screen.queryByLabelText(/Sou estrangeiro/)).toBeNull();
    expect(screen.queryByText(/Mora fora do Brasil/)).toBeNull();

    // Another preset changes the summary and, later, the button.
    fireEvent.click(screen.getByLabelText('R$ 35,00/mês'));
    expect(within(summary()).getByTestId('summary-amount').textContent).toBe('R$ 35,00 por mês');
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    fireEvent.click(screen.getByLabelText('Cartão de crédito'));
    expect(screen.queryByLabelText('Salvar este cartão')).toBeNull();
    expect(screen.getByText(/O cartão fica salvo para as próximas cobranças/)).toBeInTheDocument();
    await payWithNewCard();
    expect(screen.getByRole('button', { name: 'Assinar doação mensal de R$ 35,00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Doar R\$/ })).toBeNull();
  });

  it('monthly: a custom amount below the monthly minimum says the monthly range', async () => {
    await renderCheckout({ user: makeUser(), services: fakeServices() });
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    fireEvent.click(screen.getByLabelText('Outro valor'));
    change('Outro valor por mês (R$)', '5');
    expect(describedByText(field('Outro valor por mês (R$)'))).toContain('Escolha um valor entre R$ 10,00 e R$ 10.000,00 por mês.');
    change('Outro valor por mês (R$)', '12,50');
    expect(within(summary()).getByTestId('summary-amount').textContent).toBe('R$ 12,50 por mês');
    expect(describedByText(field('Outro valor por mês (R$)'))).not.toContain('Escolha um valor entre');
  });

  it('one-time (a campaign): the one-time suggestions, anonymous flag, message, foreigner option and "Salvar este cartão" are still there', async () => {
    await renderCampaignCheckout(makeUser());
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(amountChoices('Valor da doação')).toEqual(['R$ 30,00', 'R$ 50,00', 'R$ 100,00', 'R$ 200,00', 'Outro valor']);
    expect(within(summary()).getByRole('heading', { name: 'Cozinha Solidária Recife' })).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-amount').textContent).toBe('R$ 50,00');
    expect(screen.getByLabelText(/Doar anonimamente/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Mensagem para a campanha/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Sou estrangeiro/)).toBeInTheDocument();
    submit();
    await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
    fireEvent.click(screen.getByLabelText('Cartão de crédito'));
    expect(screen.getByLabelText('Salvar este cartão')).toBeInTheDocument();
    expect(screen.queryByText(/O cartão fica salvo para as próximas cobranças/)).toBeNull();
    await payWithNewCard();
    expect(screen.getByRole('button', { name: 'Doar R$ 50,00' })).toBeInTheDocument();
  });
});

describe('/doacao-mensal/checkout query pairs', () => {
  it('keeps amount, name, e-mail and telephone; drops a malformed or oversized value instead of failing', () => {
    expect(
      monthlyCheckoutSearchSchema.parse({ amount: '50', name: ' Bia Lima ', email: 'bia@exemplo.com', telephone: '(81) 99999-0000' }),
    ).toEqual({
      amount: 50,
      name: 'Bia Lima',
      email: 'bia@exemplo.com',
      telephone: '(81) 99999-0000',
    });
    expect(
      monthlyCheckoutSearchSchema.parse({ amount: 'abc', name: '', email: `${'a'.repeat(250)}@exemplo.com`, telephone: '9'.repeat(41) }),
    ).toEqual({});
  });

  it('prefill the contact step over the profile; the profile fills the rest', async () => {
    await renderCheckout({ user: makeUser(), services: fakeServices(), contact: { name: 'Bia Lima', email: 'bia@exemplo.com' } });
    await screen.findByRole('heading', { level: 2, name: 'Seus dados' });
    expect(field('Nome completo').value).toBe('Bia Lima');
    expect(field('E-mail').value).toBe('bia@exemplo.com');
    // Prefilled the way a typed one looks.
    expect(field('Telefone').value).toBe('(81) 98765-4321');
    expect(makeUser().phone).toBe('81987654321');
  });
});

function cancelServices() {
  return {
    readCancelLink: vi.fn<CancelLinkServices['readCancelLink']>(async () => ({ amount: 5000, status: 'active' })),
    cancelByLink: vi.fn<CancelLinkServices['cancelByLink']>(async () => ({ amount: 5000, status: 'canceled' })),
  } satisfies CancelLinkServices;
}

async function renderCancel(token: string | undefined, services: CancelLinkServices) {
  return renderPage(() => <CancelLinkPage token={token} services={services} />, { path: '/doacao-mensal/cancelar' });
}

describe('/doacao-mensal/cancelar?token', () => {
  it('shows the amount, cancels only when the donor presses "Cancelar doação mensal", then says so', async () => {
    const services = cancelServices();
    await renderCancel('signed-token-123', services);
    expect(await screen.findByText(/Você doa R\$ 50,00 por mês/)).toBeInTheDocument();
    expect(services.cancelByLink).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar doação mensal' }));
    expect(await screen.findByText(/Sua doação mensal foi cancelada/)).toBeInTheDocument();
    expect(services.cancelByLink.mock.calls).toEqual([['signed-token-123']]);
    expect(screen.queryByRole('button', { name: 'Cancelar doação mensal' })).toBeNull();
  });

  it('an unknown or forged link (4xx) and a link without a token say the link is not valid; nothing is cancelled', async () => {
    const services = cancelServices();
    services.readCancelLink.mockRejectedValue(f.apiError(404));
    const first = await renderCancel('forged-token-1', services);
    expect(await screen.findByText(/Este link de cancelamento não é válido/)).toBeInTheDocument();
    first.unmount();
    const none = cancelServices();
    await renderCancel(undefined, none);
    expect(await screen.findByText(/Este link de cancelamento não é válido/)).toBeInTheDocument();
    expect(none.readCancelLink).not.toHaveBeenCalled();
    expect([...services.cancelByLink.mock.calls, ...none.cancelByLink.mock.calls]).toEqual([]);
  });

  it('a subscription canceled before says it was already canceled, with no button', async () => {
    const services = cancelServices();
    services.readCancelLink.mockResolvedValue({ amount: 5000, status: 'canceled' });
    await renderCancel('signed-token-123', services);
    expect(await screen.findByText(/já estava cancelada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar doação mensal' })).toBeNull();
  });

  it('a server that cannot be reached offers to try again, and trying again works', async () => {
    const services = cancelServices();
    services.readCancelLink.mockRejectedValueOnce(f.apiError(0, 'network')).mockResolvedValue({ amount: 2000, status: 'active' });
    await renderCancel('signed-token-123', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText(/Você doa R\$ 20,00 por mês/)).toBeInTheDocument();
  });
});
