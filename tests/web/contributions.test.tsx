import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contribution, ContributionsRouteSearch } from '../../contracts/contributions';
import { ContributionsPage } from '../../src/features/contributions/ContributionsPage';
import type { ContributionsPage as ContributionsResult } from '../../src/lib/api/contributions';
import { renderPage } from './features/harness';

const receipt = {
  paid_at: '2026-11-22T15:30:00.000Z',
  donor_name: 'Maria da Silva',
  document_type: 'cpf' as const,
  document: '***.982.247-**',
};
const donation: Contribution = {
  id: '6a1f0c2e-0000-4000-8000-000000000001',
  type: 'donation',
  status: 'paid',
  amount: 5000,
  refunded: 2000,
  created_at: '2026-11-22T15:30:00.000Z',
  campaign: { slug: 'cozinha-solidaria-recife', title: 'Cozinha Solidária do Coque' },
  payment_method: 'card',
  card: { brand: 'visa', last4: '1111' },
  receipt,
  gift_card_order_id: null,
};
const monthly: Contribution = {
  id: '6a1f0c2e-0000-4000-8000-000000000002',
  type: 'monthly',
  status: 'failed',
  amount: 3500,
  refunded: 0,
  created_at: '2026-11-10T12:00:00.000Z',
  campaign: null,
  payment_method: 'card',
  card: { brand: 'mastercard', last4: '4444' },
  receipt,
  gift_card_order_id: null,
};
const automatic: Contribution = {
  id: '6a1f0c2e-0000-4000-8000-000000000003',
  type: 'automatic_donation',
  status: 'paid',
  amount: 1234,
  refunded: 0,
  created_at: '2026-10-31T03:00:00.000Z',
  campaign: null,
  payment_method: 'wallet',
  card: null,
  receipt,
  gift_card_order_id: null,
};

function show(search: ContributionsRouteSearch, url: string, result: Partial<ContributionsResult> = {}) {
  const page: ContributionsResult = { items: [donation, monthly, automatic], total: 3, page: search.page ?? 0, amount: 20, ...result };
  return renderPage(() => <ContributionsPage search={search} result={page} />, { path: '/profile/contributions', url });
}

afterEach(() => vi.restoreAllMocks());

describe('/profile/contributions', () => {
  it('lists each contribution with date, what, amount, method and status', async () => {
    await show({}, '/profile/contributions');
    const list = await screen.findByRole('list', { name: 'Contribuições' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Cozinha Solidária do Coque');
    expect(rows[0]!.textContent).toContain('22/11/2026');
    expect(rows[0]!.textContent).toContain('R$ 50,00');
    expect(rows[0]!.textContent).toContain('Cartão de crédito · Visa •••• 1111');
    expect(rows[0]!.textContent).toContain('Paga');
    // Part of it refunded: still paid, with what came back.
    expect(rows[0]!.textContent).toContain('R$ 20,00 devolvidos a você');
    expect(rows[1]!.textContent).toContain('Doação mensal');
    expect(rows[1]!.textContent).not.toContain('devolvidos');
    expect(rows[1]!.textContent).toContain('Não concluída');
    // 03:00 UTC on the 31st is midnight in São Paulo.
    expect(rows[2]!.textContent).toContain('Doação automática: Fundo geral');
    expect(rows[2]!.textContent).toContain('31/10/2026');
    expect(rows[2]!.textContent).toContain('Saldo da carteira');
    expect(screen.getByRole('status').textContent).toBe('3 contribuições');
  });

  it('links a gift-card order to its page', async () => {
    const orderId = '6a1f0c2e-0000-4000-8000-0000000000aa';
    const order: Contribution = {
      ...donation,
      id: orderId,
      type: 'gift_card',
      campaign: null,
      amount: 16_000,
      gift_card_order_id: orderId,
    };
    await show({}, '/profile/contributions', { items: [order], total: 1 });
    const link = await screen.findByRole('link', { name: /^Ver pedido: / });
    expect(link.getAttribute('href')).toBe(`/gift-card/agradecimento?order=${orderId}`);
  });

  it('puts each filter in the URL and goes back to the first page', async () => {
    const { router } = await show({ page: 2 }, '/profile/contributions?page=2', { total: 60 });
    const form = await screen.findByRole('search', { name: 'Filtrar contribuições' });
    fireEvent.change(within(form).getByLabelText('Tipo'), { target: { value: 'monthly' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'monthly' }));
    fireEvent.change(within(form).getByLabelText('Situação'), { target: { value: 'failed' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'monthly', status: 'failed' }));
    fireEvent.change(within(form).getByLabelText('Período'), { target: { value: '90d' } });
    await waitFor(() => expect(router.state.location.href).toBe('/profile/contributions?type=monthly&status=failed&period=90d'));
  });

  it('shows the filters from the URL and clears them', async () => {
    const { router } = await show({ type: 'donation', period: '2025' }, '/profile/contributions?type=donation&period=2025');
    const form = await screen.findByRole('search');
    expect((within(form).getByLabelText('Tipo') as HTMLSelectElement).value).toBe('donation');
    expect((within(form).getByLabelText('Período') as HTMLSelectElement).value).toBe('2025');
    fireEvent.click(within(form).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.href).toBe('/profile/contributions'));
  });

  it('opens the receipt in a dialog with every field, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await show({}, '/profile/contributions');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver recibo: Cozinha Solidária do Coque, 22/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibo de 22/11/2026' });
    const text = dialog.textContent ?? '';
    for (const field of [
      donation.id,
      'R$ 50,00',
      'Cozinha Solidária do Coque',
      'Cartão de crédito · Visa •••• 1111',
      'Maria da Silva',
      '***.982.247-**',
      '22/11/2026 12:30',
    ])
      expect(text).toContain(field);
    expect(text).not.toContain('52998224725');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Imprimir recibo' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed charge is listed as not concluded, with no receipt: nothing was paid (issue 22)', async () => {
    await show({}, '/profile/contributions');
    const failed = (await screen.findAllByRole('listitem')).find((item) => item.textContent?.includes('Não concluída'));
    expect(failed).toBeDefined();
    expect(within(failed as HTMLElement).queryByRole('button', { name: /Ver recibo/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /Ver recibo/ }).length).toBeGreaterThan(0);
  });

  it('pages keep the filters', async () => {
    await show({ type: 'donation' }, '/profile/contributions?type=donation', { total: 45 });
    const pages = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(within(pages).getByText('Página 1 de 3')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Próxima' }).getAttribute('href')).toBe('/profile/contributions?type=donation&page=1');
  });

  it('without contributions invites the donor to give', async () => {
    await show({}, '/profile/contributions', { items: [], total: 0 });
    expect(await screen.findByText('Você ainda não fez nenhuma contribuição.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Encontrar uma causa' }).getAttribute('href')).toBe('/search');
  });

  it('with filters that match nothing offers to see everything', async () => {
    await show({ status: 'refunded' }, '/profile/contributions?status=refunded', { items: [], total: 0 });
    expect(await screen.findByText('Nenhuma contribuição com esses filtros.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas as contribuições' }).getAttribute('href')).toBe('/profile/contributions');
  });
});
