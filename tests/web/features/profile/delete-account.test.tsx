import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WalletOverview } from '../../../../contracts/wallet';
import { DeleteAccountPage } from '../../../../src/features/profile/DeleteAccountPage';
import { toast } from '../../../../src/app/toast';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

const emptyWallet: WalletOverview = { balance: 0, lots: [], next_automatic_donation: null, chosen_cause: null };
const walletWithCredit: WalletOverview = {
  balance: 4000,
  lots: [],
  next_automatic_donation: {
    amount: 4000,
    date: '2026-12-20T03:00:00.000Z',
    campaign: { slug: 'horta', title: 'Horta comunitária' },
    reason: 'chosen',
  },
  chosen_cause: { slug: 'horta', title: 'Horta comunitária' },
};

const page = (wallet: WalletOverview, remove: (input: { password: string }) => Promise<void>) =>
  function DeleteAccountUnderTest() {
    return <DeleteAccountPage wallet={wallet} remove={remove} />;
  };

describe('DeleteAccountPage', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('says what becomes of the wallet’s credit as the wallet does: donated at expiry to the cause', async () => {
    await renderPage(page(walletWithCredit, vi.fn()), { path: '/profile/delete-account', user: makeUser() });
    expect(await screen.findByText(/Você tem R\$\s40,00 de crédito na carteira\. O crédito não volta em dinheiro/)).toBeInTheDocument();
    expect(screen.getByText(/A próxima doação automática: R\$\s40,00 em 20\/12\/2026, para Horta comunitária\./)).toBeInTheDocument();
    expect(screen.getByText(/Os vales-presente que você comprou continuam valendo/)).toBeInTheDocument();
  });

  it('asks for the password, shows a refusal inline, and on success signs out and goes home', async () => {
    const remove = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiRequestError({
          status: 403,
          code: 'account_deletion.password_wrong',
          messages: ['A senha não confere. Nada foi excluído.'],
        }),
      )
      .mockResolvedValueOnce(undefined);
    const { spies } = await renderPage(page(emptyWallet, remove), { path: '/profile/delete-account', user: makeUser() });
    expect(await screen.findByText('Sua carteira não tem crédito.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Excluir minha conta para sempre' }));
    expect(await screen.findByText('A senha é obrigatória')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: 'errada-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir minha conta para sempre' }));
    expect(await screen.findByText('A senha não confere. Nada foi excluído.')).toBeInTheDocument();
    expect(spies.revokeSession).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: 'girassol-amarelo-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir minha conta para sempre' }));
    await waitFor(() => expect(remove).toHaveBeenLastCalledWith({ password: 'girassol-amarelo-42' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
    expect(spies.revokeSession).toHaveBeenCalled();
    expect(spies.broadcastSignedOut).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Sua conta foi excluída. Obrigado por ter semeado com a gente.');
  });
});
