import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { WALLET_BALANCE_VISIBILITY_KEY } from '../../contracts';
import { lazy } from 'react';
import { Header } from '../../src/features/shell/Header';
import { walletApi } from '../../src/lib/api/wallet';
import { subscribeToBalance } from '../../src/lib/realtime/balance-channel';
import { makeUser, renderPage } from './features/harness';

vi.mock('../../src/lib/api/wallet', () => ({ walletApi: { fetchWalletBalance: vi.fn() } }));
vi.mock('../../src/lib/realtime/balance-channel', () => ({ subscribeToBalance: vi.fn() }));

let pushBalance: (cents: number) => void = () => {};
const unsubscribe = vi.fn();

// As the root route composes it: the wallet's balance is the header's signed-in tool.
const HeaderBalance = lazy(() => import('../../src/features/wallet/HeaderBalance').then((m) => m.loadHeaderBalance()));
const HeaderWithBalance = () => <Header signedInTool={HeaderBalance} />;
const openSignedIn = () => renderPage(HeaderWithBalance, { path: '/search', user: makeUser() });
// The first lazy import compiles the wallet chunk: give it time.
const balanceLink = () => screen.findByRole('link', { name: /^Saldo/ }, { timeout: 5_000 });

describe('the balance in the header', () => {
  beforeEach(() => {
    vi.mocked(walletApi.fetchWalletBalance).mockReset().mockResolvedValue(10_000);
    unsubscribe.mockReset();
    vi.mocked(subscribeToBalance)
      .mockReset()
      .mockImplementation((_userId, onBalance) => {
        pushBalance = onBalance;
        return unsubscribe;
      });
    window.localStorage.clear();
  });

  it('shows a signed-in donor their balance, linking to the wallet', async () => {
    await openSignedIn();
    const link = await balanceLink();
    await waitFor(() => expect(link.textContent).toBe('SaldoR$ 100,00'));
    expect(link.getAttribute('href')).toBe('/profile/wallet');
    expect(link.getAttribute('aria-label')).toBe('Saldo R$ 100,00: abrir carteira');
    expect(walletApi.fetchWalletBalance).toHaveBeenCalledWith('u-1');
  });

  it('changes live when the realtime channel brings a new balance', async () => {
    await openSignedIn();
    const link = await balanceLink();
    await waitFor(() => expect(link.textContent).toContain('R$ 100,00'));
    act(() => pushBalance(25_050));
    expect(link.textContent).toContain('R$ 250,50');
  });

  it('has a shortened large balance for narrow phones, the exact one in its name', async () => {
    vi.mocked(walletApi.fetchWalletBalance).mockResolvedValue(1_234_567);
    await openSignedIn();
    const link = await balanceLink();
    await waitFor(() => expect(link.getAttribute('aria-label')).toBe('Saldo R$ 12.345,67: abrir carteira'));
    expect(link.textContent).toBe('SaldoR$ 12.345,67R$ 12,3 mil');
    act(() => pushBalance(10_000));
    expect(link.textContent).toBe('SaldoR$ 100,00');
  });

  it('shows R$ 0,00 when the balance cannot be loaded', async () => {
    vi.mocked(walletApi.fetchWalletBalance).mockRejectedValue(new Error('503'));
    await openSignedIn();
    const link = await balanceLink();
    await waitFor(() => expect(link.textContent).toContain('R$ 0,00'));
  });

  it('hides and shows the balance with the eye, and remembers the choice on the next visit', async () => {
    const first = await openSignedIn();
    await waitFor(async () => expect((await balanceLink()).textContent).toContain('R$ 100,00'));
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    expect((await balanceLink()).textContent).toContain('R$ ••••');
    expect((await balanceLink()).getAttribute('aria-label')).toBe('Saldo oculto: abrir carteira');
    expect(window.localStorage.getItem(WALLET_BALANCE_VISIBILITY_KEY)).toBe('false');

    first.unmount();
    await waitFor(() => expect(unsubscribe).toHaveBeenCalled());
    await openSignedIn();
    expect((await balanceLink()).textContent).toContain('R$ ••••');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar saldo' }));
    await waitFor(async () => expect((await balanceLink()).textContent).toContain('R$ 100,00'));
    expect(window.localStorage.getItem(WALLET_BALANCE_VISIBILITY_KEY)).toBe('true');
  });

  it('shows nothing of a wallet to visitors', async () => {
    await renderPage(HeaderWithBalance, { path: '/search', user: null });
    expect(await screen.findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Saldo/ })).toBeNull();
    expect(walletApi.fetchWalletBalance).not.toHaveBeenCalled();
    expect(subscribeToBalance).not.toHaveBeenCalled();
  });
});
