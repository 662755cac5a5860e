import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WalletPage } from '../../src/features/wallet/WalletPage';
import { walletApi } from '../../src/lib/api/wallet';
import { listCampaigns } from '../../src/lib/api/campaigns';
import { subscribeToBalance } from '../../src/lib/realtime/balance-channel';
import { toast } from '../../src/app/toast';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { makeUser, renderPage } from './features/harness';
import { chosenLibrary, kitchen, library, overview, statementPage0, statementPage1 } from './wallet-fixtures';

vi.mock('../../src/lib/api/wallet', () => ({
  walletApi: {
    fetchWalletBalance: vi.fn(),
    getWallet: vi.fn(),
    getWalletStatement: vi.fn(),
    setAutoDonationCause: vi.fn(),
    redeemGiftCard: vi.fn(),
  },
}));
vi.mock('../../src/lib/api/campaigns', () => ({ listCampaigns: vi.fn() }));
vi.mock('../../src/lib/realtime/balance-channel', () => ({ subscribeToBalance: vi.fn() }));
vi.mock('../../src/app/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() } }));

const campaign = (slug: string, title: string, over: Record<string, unknown> = {}) => ({
  id: slug,
  slug,
  title,
  summary: '',
  cover_url: null,
  category: null,
  tags: [],
  goal: null,
  raised: 0,
  donor_count: 0,
  status: 'published' as const,
  featured: false,
  starts_at: null,
  ends_at: null,
  last_day: null,
  organiser_name: 'ONG',
  ...over,
});

let pushBalance: (cents: number) => void = () => {};

const open = (giftCardCode?: string) =>
  renderPage(() => <WalletPage giftCardCode={giftCardCode} />, { path: '/profile/wallet', user: makeUser() });

describe('/profile/wallet', () => {
  beforeEach(() => {
    vi.mocked(walletApi.fetchWalletBalance).mockReset().mockResolvedValue(8_000);
    vi.mocked(walletApi.getWallet).mockReset().mockResolvedValue(overview);
    vi.mocked(walletApi.getWalletStatement).mockReset().mockResolvedValue(statementPage0);
    vi.mocked(walletApi.setAutoDonationCause).mockReset();
    vi.mocked(walletApi.redeemGiftCard).mockReset();
    vi.mocked(listCampaigns)
      .mockReset()
      .mockResolvedValue({
        items: [
          campaign(kitchen.slug, kitchen.title),
          campaign(library.slug, library.title),
          campaign('abrigo-fechado', 'Abrigo (encerrada)', { status: 'ended' }),
        ],
        total: 3,
        page: 0,
        amount: 100,
      });
    vi.mocked(subscribeToBalance)
      .mockReset()
      .mockImplementation((_userId, onBalance) => {
        pushBalance = onBalance;
        return () => {};
      });
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
    window.localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the live balance, each credit lot with its origin, what is left and its expiry', async () => {
    await open();
    expect(await screen.findByText('R$ 80,00')).toBeInTheDocument();
    expect(subscribeToBalance).toHaveBeenCalledWith('u-1', expect.any(Function));
    const lots = within((await screen.findByRole('heading', { name: 'Seus créditos' })).closest('div') as HTMLElement);
    const items = lots.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Doação mensal');
    expect(items[0]?.textContent).toContain('R$ 30,00 de R$ 50,00');
    expect(items[0]?.textContent).toContain('vence em 30/06/2026');
    expect(items[1]?.textContent).toContain('Gift card');
    expect(items[1]?.textContent).toContain('vence em 22/11/2026');
    expect(screen.getByRole('link', { name: 'Doar do meu saldo' }).getAttribute('href')).toBe('/search');
  });

  it('says in one sentence how much goes where and when, and why', async () => {
    await open();
    const sentence = await screen.findByText(/Em 30\/06\/2026, os R\$ 30,00 que você não usar até lá vão para/);
    expect(within(sentence).getByRole('link', { name: kitchen.title }).getAttribute('href')).toBe(`/${kitchen.slug}`);
    expect(screen.getByText('É a causa que você mais apoiou nos últimos 12 meses.')).toBeInTheDocument();
  });

  it('names the general fund when there is no cause yet', async () => {
    vi.mocked(walletApi.getWallet).mockResolvedValue({
      ...overview,
      next_automatic_donation: { amount: 3_000, date: '2026-06-30T15:00:00.000Z', campaign: null, reason: 'general_fund' },
    });
    await open();
    expect(
      await screen.findByText('Em 30/06/2026, os R$ 30,00 que você não usar até lá vão para o fundo geral do Semear.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Você ainda não escolheu uma causa: vai para o fundo geral.')).toBeInTheDocument();
  });

  it('offers only campaigns that take donations, plus letting Semear choose, and saves the choice', async () => {
    vi.mocked(walletApi.setAutoDonationCause).mockResolvedValue(chosenLibrary);
    await open();
    const select = (await screen.findByLabelText(/Causa da doação automática/)) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Deixar o Semear escolher', kitchen.title, library.title]);
    expect(select.value).toBe('');
    const save = screen.getByRole('button', { name: 'Salvar causa' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: library.slug } });
    fireEvent.click(save);
    await waitFor(() => expect(walletApi.setAutoDonationCause).toHaveBeenCalledWith(library.slug));
    expect(await screen.findByText('Você escolheu esta causa.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: library.title })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Pronto! Guardamos a causa da sua doação automática.');
  });

  it('sends null to let Semear choose again', async () => {
    vi.mocked(walletApi.getWallet).mockResolvedValue(chosenLibrary);
    vi.mocked(walletApi.setAutoDonationCause).mockResolvedValue(overview);
    await open();
    const select = (await screen.findByLabelText(/Causa da doação automática/)) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(library.slug));
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar causa' }));
    await waitFor(() => expect(walletApi.setAutoDonationCause).toHaveBeenCalledWith(null));
  });

  it('reports a refused cause and keeps the one saved', async () => {
    vi.mocked(walletApi.setAutoDonationCause).mockRejectedValue(
      new ApiRequestError({ status: 422, code: 'campaign.not_accepting', messages: ['Esta campanha não está recebendo doações.'] }),
    );
    await open();
    fireEvent.change(await screen.findByLabelText(/Causa da doação automática/), { target: { value: kitchen.slug } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar causa' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Esta campanha não está recebendo doações.'));
    expect(screen.getByText('É a causa que você mais apoiou nos últimos 12 meses.')).toBeInTheDocument();
  });

  it('lists the statement with signed amounts, kinds and campaign links, page by page', async () => {
    vi.mocked(walletApi.getWalletStatement).mockImplementation(async ({ page = 0 } = {}) => (page === 1 ? statementPage1 : statementPage0));
    await open();
    const card = (await screen.findByRole('heading', { name: 'Extrato' })).closest('div') as HTMLElement;
    const rows = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toMatch(/Doação.*Cozinha Solidária do Recife.*02\/06\/2026.*-R\$ 20,00/);
    expect(rows[1]).toMatch(/Crédito.*Doação mensal.*\+R\$ 50,00/);
    expect(rows[2]).toMatch(/Crédito.*Gift card.*\+R\$ 50,00/);
    expect(within(card).getByRole('link', { name: kitchen.title }).getAttribute('href')).toBe(`/${kitchen.slug}`);
    expect(within(card).getByText('Página 1 de 2')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Próxima' }));
    expect(await within(card).findByText('Página 2 de 2')).toBeInTheDocument();
    expect(walletApi.getWalletStatement).toHaveBeenLastCalledWith({ page: 1 });
    expect(within(card).getAllByRole('listitem')[0]?.textContent).toMatch(/Doação automática.*Fundo geral do Semear.*-R\$ 10,00/);
  });

  it('says when the wallet could not load (once: the notice, no toast as well) and tries again on request', async () => {
    vi.mocked(walletApi.getWallet).mockRejectedValueOnce(new ApiRequestError({ status: 503, messages: ['error.unknown'] }));
    await open();
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    expect(screen.getByRole('alert').textContent).toContain('Não conseguimos carregar sua carteira agora.');
    expect(toast.error).not.toHaveBeenCalled();
    fireEvent.click(retry);
    expect(await screen.findByText('Seus créditos')).toBeInTheDocument();
    expect(walletApi.getWallet).toHaveBeenCalledTimes(2);
  });

  it('loads the wallet again when the balance changes live', async () => {
    await open();
    await screen.findByText('Seus créditos');
    await waitFor(() => expect(screen.getAllByText('R$ 80,00').length).toBeGreaterThan(0));
    vi.mocked(walletApi.getWallet).mockResolvedValue({ ...overview, balance: 3_000, lots: [overview.lots[1]!] });
    pushBalance(3_000);
    expect(await screen.findByText('R$ 30,00')).toBeInTheDocument();
    await waitFor(() => expect(walletApi.getWallet).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('vence em 30/06/2026')).toBeNull());
  });

  it('redeems a gift card by its code: says what came in and until when, reloads the wallet, and is ready for the next', async () => {
    const code = '3f1c2b7e-9a4d-4c1e-8b2a-5d6e7f8a9b0c';
    vi.mocked(walletApi.redeemGiftCard).mockResolvedValue({
      amount: 5_000,
      expires_at: '2026-12-31T15:00:00.000Z',
      balance: 13_000,
      already_redeemed: false,
      redeemed_at: '2026-11-29T15:00:00.000Z',
    });
    await open();
    const form = within(await screen.findByRole('form', { name: 'Resgatar gift card' }));
    fireEvent.change(form.getByLabelText(/Código do gift card/), { target: { value: 'abc' } });
    fireEvent.click(form.getByRole('button', { name: 'Resgatar' }));
    expect(await form.findByText('Código inserido é inválido')).toBeInTheDocument();
    expect(walletApi.redeemGiftCard).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText(/Código do gift card/), { target: { value: ` ${code.toUpperCase()} ` } });
    fireEvent.click(form.getByRole('button', { name: 'Resgatar' }));
    await waitFor(() => expect(walletApi.redeemGiftCard).toHaveBeenCalledWith(code));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pronto! R$ 50,00 entraram na sua carteira, para doar até 31/12/2026.'));
    await waitFor(() => expect(walletApi.getWallet).toHaveBeenCalledTimes(2));
    const next = within(await screen.findByRole('form', { name: 'Resgatar gift card' }));
    expect(next.getByLabelText(/Código do gift card/)).toHaveValue('');
    expect(next.getByRole('button', { name: 'Resgatar' })).toBeEnabled();

    // The same code again (issue 47, item 7): nothing new came in, and the page says so, with when.
    vi.mocked(walletApi.redeemGiftCard).mockResolvedValue({
      amount: 5_000,
      expires_at: '2026-12-31T15:00:00.000Z',
      balance: 13_000,
      already_redeemed: true,
      redeemed_at: '2026-11-20T15:00:00.000Z',
    });
    fireEvent.change(next.getByLabelText(/Código do gift card/), { target: { value: code } });
    fireEvent.click(next.getByRole('button', { name: 'Resgatar' }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        'Você já resgatou este cartão em 20/11/2026: os R$ 50,00 dele já estão na sua carteira, para doar até 31/12/2026.',
      ),
    );
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it("says 'Gift-card não encontrado' in the form and keeps the code to fix", async () => {
    const code = '3f1c2b7e-9a4d-4c1e-8b2a-5d6e7f8a9b0c';
    vi.mocked(walletApi.redeemGiftCard).mockRejectedValue(
      new ApiRequestError({ status: 404, code: 'gift_card.not_found', messages: ['Gift-card não encontrado'] }),
    );
    await open(code);
    const form = within(await screen.findByRole('form', { name: 'Resgatar gift card' }));
    expect(form.getByLabelText(/Código do gift card/)).toHaveValue(code);
    fireEvent.click(form.getByRole('button', { name: 'Resgatar' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Gift-card não encontrado');
    expect(form.getByLabelText(/Código do gift card/)).toHaveValue(code);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
