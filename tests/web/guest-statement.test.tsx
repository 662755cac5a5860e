import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { DonationThanksPage } from '../../src/features/campaigns/DonationThanksPage';
import { statementsApi } from '../../src/lib/api/statements';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { rememberReceipt } from '../../src/lib/receipts';
import { donationResult } from '../machines/checkout.fixtures';
import { makeUser, renderPage } from './features/harness';

vi.mock('../../src/lib/api/statements', () => ({
  statementsApi: { years: vi.fn(), statementPdf: vi.fn(), declarationPdf: vi.fn(), mailGuestStatement: vi.fn() },
}));

const path = '/doacao-confirmacao/agradecimento';
const confirmed = donationResult('card', 'confirmed');

describe('a guest’s statement from the receipt page', () => {
  beforeEach(() => {
    vi.mocked(statementsApi.mailGuestStatement).mockReset();
    window.sessionStorage.clear();
  });

  it('mails the year’s statement to the donation’s e-mail when the guest asks, with the receipt token', async () => {
    rememberReceipt(confirmed.donation.id, 'receipt-token-of-this-tab');
    vi.mocked(statementsApi.mailGuestStatement).mockResolvedValue({ year: 2026 });
    await renderPage(() => <DonationThanksPage donation={confirmed} />, { path });
    expect(await screen.findByRole('heading', { name: 'Comprovante do ano' })).toBeInTheDocument();
    expect(screen.getByText(/Receba por e-mail o comprovante de 2026/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Receber o comprovante por e-mail' }));
    expect(await screen.findByText('Enviamos o comprovante de 2026 para o e-mail desta doação.')).toBeInTheDocument();
    expect(statementsApi.mailGuestStatement).toHaveBeenCalledWith(confirmed.donation.id, 'receipt-token-of-this-tab');
  });

  it('shows the server’s reason when refused, and lets the guest ask again', async () => {
    rememberReceipt(confirmed.donation.id, 'receipt-token-of-this-tab');
    vi.mocked(statementsApi.mailGuestStatement).mockRejectedValue(
      new ApiRequestError({ status: 409, code: 'statement.not_confirmed', messages: ['Esta doação ainda não foi confirmada.'] }),
    );
    await renderPage(() => <DonationThanksPage donation={confirmed} />, { path });
    fireEvent.click(await screen.findByRole('button', { name: 'Receber o comprovante por e-mail' }));
    expect(await screen.findByText('Esta doação ainda não foi confirmada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Receber o comprovante por e-mail' })).toBeEnabled();
  });

  it('is not offered without this tab’s receipt, nor to a signed-in donor (their Comprovantes has it)', async () => {
    const first = await renderPage(() => <DonationThanksPage donation={confirmed} />, { path });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber o comprovante por e-mail' })).toBeNull();
    first.unmount();
    rememberReceipt(confirmed.donation.id, 'receipt-token-of-this-tab');
    await renderPage(() => <DonationThanksPage donation={confirmed} />, { path, user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber o comprovante por e-mail' })).toBeNull();
  });
});
