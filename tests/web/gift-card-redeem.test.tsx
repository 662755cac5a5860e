import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { VisitorPromptProvider } from '../../src/app/dialogs/visitor-prompt';
import { RedeemCardPage } from '../../src/features/gifts/RedeemCardPage';
import type { RedeemCardServices } from '../../src/features/gifts/use-redeem-card';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { makeUser, renderPage } from './features/harness';

const code = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
const services = (over: Partial<RedeemCardServices> = {}): RedeemCardServices => ({
  lookUp: vi.fn().mockResolvedValue({ balance: 5_000, expires_at: '2027-05-25T15:00:00.000Z' }),
  redeem: vi.fn().mockResolvedValue({
    amount: 5_000,
    expires_at: '2027-05-25T15:00:00.000Z',
    balance: 7_500,
    already_redeemed: false,
    redeemed_at: '2026-11-29T15:00:00.000Z',
  }),
  ...over,
});
const open = (given: RedeemCardServices, signedIn: boolean) =>
  renderPage(
    () => (
      <VisitorPromptProvider>
        <RedeemCardPage code={code} services={given} />
      </VisitorPromptProvider>
    ),
    { path: '/gift-card/resgatar', url: `/gift-card/resgatar?code=${code}`, user: signedIn ? makeUser() : null },
  );

describe('/gift-card/resgatar', () => {
  it('shows a visitor what the card has and until when, and offers sign-in instead of redeeming', async () => {
    const given = services();
    await open(given, false);
    expect(await screen.findByText('R$ 50,00')).toBeInTheDocument();
    expect(screen.getByText(/Válido até 25\/05\/2027/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar na minha carteira' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Entre ou crie sua conta para guardar o valor deste gift card na sua carteira.');
    expect(given.redeem).not.toHaveBeenCalled();
    expect(given.lookUp).toHaveBeenCalledWith(code);
  });

  it('a signed-in donor keeps it in the wallet and is told how much and until when', async () => {
    const given = services();
    await open(given, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar na minha carteira' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pronto! R$ 50,00 estão na sua carteira, para doar até 25/05/2027.');
    expect(given.redeem).toHaveBeenCalledWith(code);
    expect(screen.getByRole('link', { name: 'Ver minha carteira' })).toHaveAttribute('href', '/profile/wallet');
  });

  it("says 'Gift-card não encontrado' for an unknown code", async () => {
    const notFound = new ApiRequestError({ status: 404, code: 'gift_card.not_found', messages: ['Gift-card não encontrado'] });
    await open(services({ lookUp: vi.fn().mockRejectedValue(notFound) }), true);
    expect(await screen.findByText(/Gift-card não encontrado/)).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    const lookUp = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError({ status: 0, messages: ['error.unknown'] }))
      .mockResolvedValue({ balance: 3_000, expires_at: '2027-05-25T15:00:00.000Z' });
    await open(services({ lookUp }), true);
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('R$ 30,00')).toBeInTheDocument();
  });
});
