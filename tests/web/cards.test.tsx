import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedCard } from '../../contracts/cards';
import { CardsPage } from '../../src/features/contributions/CardsPage';
import type { CardsApi } from '../../src/lib/api/cards';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { toast } from '../../src/app/toast';
import { renderPage } from './features/harness';

vi.mock('../../src/app/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() } }));
beforeEach(() => {
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

const card = (id: string, brand: SavedCard['brand'], last4: string, isDefault: boolean, expMonth = 12): SavedCard => ({
  id,
  brand,
  last4,
  exp_month: expMonth,
  exp_year: 2034,
  holder_name: 'MARIA DA SILVA',
  is_default: isDefault,
  created_at: '2026-11-01T12:00:00.000Z',
});
const visa = card('a', 'visa', '1111', true);
const mastercard = card('b', 'mastercard', '4444', false, 3);

function fakeApi(overrides: Partial<CardsApi> = {}): CardsApi {
  return {
    listCards: vi.fn(async () => [visa, mastercard]),
    setDefaultCard: vi.fn(async () => [
      { ...mastercard, is_default: true },
      { ...visa, is_default: false },
    ]),
    removeCard: vi.fn(async () => [{ ...mastercard, is_default: true }]),
    ...overrides,
  };
}

const show = (cards: SavedCard[], api: CardsApi) => renderPage(() => <CardsPage cards={cards} api={api} />, { path: '/profile/cards' });

describe('/profile/cards', () => {
  it('lists brand, last four digits, expiry and holder, with the default marked', async () => {
    await show([visa, mastercard], fakeApi());
    const first = await screen.findByRole('listitem', { name: 'Visa •••• 1111' });
    expect(first.textContent).toContain('Padrão');
    expect(first.textContent).toContain('Validade 12/2034 · MARIA DA SILVA');
    const second = screen.getByRole('listitem', { name: 'Mastercard •••• 4444' });
    expect(second.textContent).not.toContain('Padrão');
    expect(second.textContent).toContain('Validade 03/2034');
    // The default card has nothing to make default.
    expect(within(first).queryByRole('button', { name: /Tornar padrão/ })).toBeNull();
  });

  it('sets another card as the default', async () => {
    const api = fakeApi();
    await show([visa, mastercard], api);
    fireEvent.click(await screen.findByRole('button', { name: 'Tornar padrão: Mastercard •••• 4444' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Mastercard •••• 4444' }).textContent).toContain('Padrão'));
    expect(api.setDefaultCard).toHaveBeenCalledWith('b');
    expect(toast.success).toHaveBeenCalledWith('Cartão padrão atualizado.');
    expect(screen.getByRole('listitem', { name: 'Visa •••• 1111' }).textContent).not.toContain('Padrão');
  });

  it('removes a card only after the confirm dialog, and cancelling keeps it', async () => {
    const api = fakeApi();
    await show([visa, mastercard], api);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover: Visa •••• 1111' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remover o cartão Visa •••• 1111?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.removeCard).not.toHaveBeenCalled();
    expect(screen.getByRole('listitem', { name: 'Visa •••• 1111' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remover: Visa •••• 1111' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remover o cartão Visa •••• 1111?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover cartão' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Visa •••• 1111' })).toBeNull());
    expect(api.removeCard).toHaveBeenCalledWith('a');
    expect(toast.success).toHaveBeenCalledWith('Cartão removido.');
    expect(screen.getByRole('listitem', { name: 'Mastercard •••• 4444' }).textContent).toContain('Padrão');
  });

  it('a card that pays the monthly donation stays, and the reason is shown', async () => {
    const message = 'Este cartão paga sua doação mensal. Troque o cartão da doação mensal antes de removê-lo.';
    const api = fakeApi({
      removeCard: vi.fn(async () =>
        Promise.reject(new ApiRequestError({ status: 409, code: 'card.in_use_by_monthly', messages: [message] })),
      ),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await show([visa, mastercard], api);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover: Visa •••• 1111' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover cartão' }));
    await waitFor(() => expect(api.removeCard).toHaveBeenCalled());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('listitem', { name: 'Visa •••• 1111' })).toBeInTheDocument();
    errors.mockRestore();
  });

  it('without cards explains how to save one', async () => {
    await show([], fakeApi());
    expect(await screen.findByText('Você não tem cartões salvos.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Seus cartões' })).toBeNull();
  });
});
