import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PIX_DEBIT_NOT_ACCEPTED, type Subscription } from '../../contracts';
import type { CurrentSubscription, SubscriptionChange } from '../../machines/monthly/subscription-panel.machine';
import { SubscriptionPanel } from '../../src/features/monthly/SubscriptionPanel';
import type { SubscriptionPanelServices } from '../../src/features/monthly/subscription-panel-provider';
import * as f from '../machines/monthly/fixtures';
import { makeUser, renderPage } from './features/harness';

/**
 * The monthly donation on /profile/wallet with a fake API that behaves like the server: each change
 * answers the new subscription, and the next GET /subscriptions/current shows it.
 */
function fakeApi(start: Subscription | null) {
  let current: CurrentSubscription = { subscription: start, charges: start ? [f.charge()] : [] };
  const services = {
    getCurrent: vi.fn(async () => current),
    listSavedCards: vi.fn(async () => [f.currentCard, f.otherCard]),
    change: vi.fn(async (_id: string, change: SubscriptionChange) => {
      const s = current.subscription as Subscription;
      const next: Subscription =
        change.kind === 'pause'
          ? { ...s, status: 'paused', next_charge_at: null }
          : change.kind === 'resume'
            ? { ...s, status: 'active', next_charge_at: '2026-12-15T12:00:00.000Z' }
            : change.kind === 'cancel'
              ? { ...s, status: 'canceled', next_charge_at: null, canceled_at: '2026-11-22T12:00:00.000Z' }
              : {
                  ...s,
                  amount: change.patch.amount ?? s.amount,
                  card: change.patch.card_id ? { ...f.otherCard, id: change.patch.card_id } : s.card,
                };
      current = { ...current, subscription: next };
      return next;
    }),
  } satisfies SubscriptionPanelServices;
  return services;
}

const renderPanel = (services: SubscriptionPanelServices) =>
  renderPage(() => <SubscriptionPanel services={services} />, { path: '/profile/wallet', user: makeUser() });
const status = () => screen.getByTestId('subscription-status').textContent;
// The confirm dialog is an alertdialog (it asks before something that cannot be undone quietly).
const dialog = () => screen.findByRole('alertdialog');

beforeAll(() => import('../../src/app/dialogs/ConfirmDialogView'));

describe('SubscriptionPanel', () => {
  it('shows amount, card, status, next charge and the last charges', async () => {
    await renderPanel(fakeApi(f.subscription()));
    await waitFor(() => expect(status()).toBe('Ativa'));
    const region = screen.getByRole('region', { name: 'Doação mensal' });
    expect(region.textContent).toContain('R$ 50,00');
    expect(region.textContent).toContain('Visa •••• 4242');
    expect(region.textContent).toContain('15/12/2026');
    const charges = screen.getByRole('table', { name: 'Últimas cobranças' });
    expect(within(charges).getByText('Paga')).toBeInTheDocument();
  });

  it("a month whose Pix Automático debit the NGO's bank refused says so, and that the donor has nothing to do", async () => {
    const services = fakeApi(f.subscription());
    services.getCurrent.mockResolvedValue({
      subscription: f.subscription(),
      charges: [f.charge({ status: 'processing', failure_code: PIX_DEBIT_NOT_ACCEPTED })],
    });
    await renderPanel(services);
    const charges = await screen.findByRole('table', { name: 'Últimas cobranças' });
    expect(charges.textContent).toContain('Débito recusado pelo banco da organização: ela foi avisada e você não precisa fazer nada');
    expect(within(charges).queryByText('Processando')).toBeNull();
  });

  it('pause asks first and pauses on "Pausar"; resume asks and resumes', async () => {
    const api = fakeApi(f.subscription());
    await renderPanel(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Pausar' }));
    const pause = await dialog();
    expect(pause.textContent).toContain('Pausar a doação mensal?');
    expect(api.change).not.toHaveBeenCalled();
    fireEvent.click(within(pause).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(status()).toBe('Pausada'));
    expect(api.change.mock.calls).toEqual([[f.subscription().id, { kind: 'pause' }]]);
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Retomar' }));
    await waitFor(() => expect(status()).toBe('Ativa'));
    expect(api.change.mock.calls[1]).toEqual([f.subscription().id, { kind: 'resume' }]);
  });

  it('cancel: "Manter" in the dialog changes nothing; confirming cancels and invites to give monthly again', async () => {
    const api = fakeApi(f.subscription());
    await renderPanel(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar doação mensal' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Manter' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.change).not.toHaveBeenCalled();
    expect(status()).toBe('Ativa');

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar doação mensal' }));
    const confirm = await dialog();
    expect(confirm.textContent).toContain('A cobrança de 15/12/2026 não será feita');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar doação mensal' }));
    await waitFor(() => expect(status()).toBe('Cancelada'));
    expect(api.change.mock.calls).toEqual([[f.subscription().id, { kind: 'cancel' }]]);
    expect(screen.getByRole('link', { name: 'Voltar a doar todo mês' }).getAttribute('href')).toBe('/doacao-mensal');
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();
  });

  it('changes the amount (refusing one outside the monthly range) and the card', async () => {
    const api = fakeApi(f.subscription());
    await renderPanel(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Alterar valor' }));
    const amount = screen.getByLabelText(/Novo valor por mês/) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar valor' }));
    expect(await screen.findByText('Escolha um valor entre R$ 10,00 e R$ 10.000,00 por mês.')).toBeInTheDocument();
    expect(api.change).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar valor' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Doação mensal' }).textContent).toContain('R$ 70,00'));
    expect(api.change.mock.calls).toEqual([[f.subscription().id, { kind: 'update', patch: { amount: 7000 } }]]);

    fireEvent.click(screen.getByRole('button', { name: 'Trocar cartão' }));
    // The card already in use is not offered again.
    fireEvent.click(await screen.findByLabelText('Mastercard •••• 5454'));
    expect(screen.queryByLabelText('Visa •••• 4242')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Usar este cartão' }));
    await waitFor(() => expect(api.change).toHaveBeenCalledTimes(2));
    expect(api.change.mock.calls[1]).toEqual([f.subscription().id, { kind: 'update', patch: { card_id: f.otherCard.id } }]);
  });

  it('offers the current amount as money to edit: R$ 25,50 reads "25,50", not "25.5" or "2550"', async () => {
    await renderPanel(fakeApi(f.subscription({ amount: 2550 })));
    fireEvent.click(await screen.findByRole('button', { name: 'Alterar valor' }));
    expect((screen.getByLabelText(/Novo valor por mês/) as HTMLInputElement).value).toBe('25,50');
  });

  it('a donor without a subscription is invited to /doacao-mensal', async () => {
    await renderPanel(fakeApi(null));
    expect((await screen.findByRole('link', { name: 'Começar a doar todo mês' })).getAttribute('href')).toBe('/doacao-mensal');
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();
  });
});
