import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DonationThanksPage } from '../../src/features/campaigns/DonationThanksPage';
import { MonthlyThanksPage } from '../../src/features/monthly/MonthlyThanksPage';
import { makeUser, renderPage } from './features/harness';
import { donationResult } from '../machines/checkout.fixtures';

const path = '/doacao-confirmacao/agradecimento';

describe('donation thank-you page', () => {
  it('thanks with the amount, invites to share the campaign (WhatsApp first) and offers a visitor the sign-up', async () => {
    await renderPage(() => <DonationThanksPage donation={donationResult('card', 'confirmed')} campaign="cozinha-solidaria-recife" />, {
      path,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recebemos sua doação!' })).toBeInTheDocument();
    expect(
      screen.getByText('Sua doação de R$ 50,00 já está a caminho da campanha. O recibo foi enviado para o seu e-mail.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Recebemos sua doação! · Semear');
    const share = screen.getByRole('list', { name: 'Compartilhar' });
    const first = within(share).getAllByRole('link')[0]!;
    expect(first.textContent).toBe('WhatsApp');
    expect(decodeURIComponent(first.getAttribute('href')!)).toBe(
      `https://wa.me/?text=Acabei de doar pela Semear. Doe você também: ${window.location.origin}/cozinha-solidaria-recife`,
    );
    expect(screen.getByRole('link', { name: 'Faça seu cadastro' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Entrar agora' }).getAttribute('href')).toBe('/signin');
  });

  it('without a donation it could read (or a campaign): thanks in general and shares Semear itself', async () => {
    await renderPage(() => <DonationThanksPage donation={null} />, { path });
    expect(
      await screen.findByText('Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.'),
    ).toBeInTheDocument();
    const whatsapp = screen.getByRole('link', { name: 'Compartilhar por WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain(`${window.location.origin}/`);
  });

  it('a signed-in donor gets a link to their donations instead of the sign-up prompt', async () => {
    const paid = donationResult('wallet', 'confirmed');
    await renderPage(() => <DonationThanksPage donation={{ ...paid, donation: { ...paid.donation, amount: 2550 } }} />, {
      path,
      user: makeUser(),
    });
    expect(await screen.findByText(/Sua doação de R\$ 25,50/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver minhas doações' }).getAttribute('href')).toBe('/profile/contributions');
    expect(screen.queryByRole('link', { name: 'Faça seu cadastro' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Entrar agora' })).toBeNull();
  });

  it('a donation not confirmed (or not readable) gets no amount: only what the API says is shown', async () => {
    await renderPage(() => <DonationThanksPage donation={donationResult('pix', 'pending')} />, { path });
    expect(
      await screen.findByText('Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/R\$/)).toBeNull();
  });

  it('a card still in review at the provider says so, without an amount, instead of "on its way"', async () => {
    await renderPage(() => <DonationThanksPage donation={donationResult('card', 'pending')} />, { path });
    expect(await screen.findByText('Seu pagamento está em análise. Avisaremos por e-mail assim que for aprovado.')).toBeInTheDocument();
    expect(screen.queryByText(/já está a caminho/)).toBeNull();
    expect(screen.queryByText(/R\$/)).toBeNull();
  });

  it.each([
    ['pt', 'Ainda restam R$ 30,00 no seu gift card, para doar até 02/03/2027.', 'Seu gift card foi usado por inteiro nesta doação.'],
    ['en', 'You still have R$ 30,00 on your gift card, to give until 02/03/2027.', 'Your gift card was used up by this donation.'],
    ['es', 'Aún quedan R$ 30,00 en tu gift card, para donar hasta el 02/03/2027.', 'Tu gift card se usó por completo en esta donación.'],
  ] as const)('paid with a gift card, says what is left on it and until when (%s)', async (locale, left, usedUp) => {
    const paid = { ...donationResult('gift_card', 'confirmed'), gift_card: { balance: 3000, expires_at: '2027-03-02T15:00:00.000Z' } };
    const view = await renderPage(() => <DonationThanksPage donation={paid} />, { path, locale });
    expect((await screen.findByTestId('gift-card-left')).textContent).toBe(left);
    view.unmount();
    await renderPage(() => <DonationThanksPage donation={{ ...paid, gift_card: { ...paid.gift_card, balance: 0 } }} />, { path, locale });
    expect((await screen.findByTestId('gift-card-left')).textContent).toBe(usedUp);
  });
});

describe('monthly thank-you page', () => {
  it("says the subscription's amount (from the API, in cents), or thanks without one", async () => {
    const view = await renderPage(() => <MonthlyThanksPage amount={2550} nextChargeAt="2026-12-22T12:00:00.000Z" />, {
      path: '/doacao-mensal/agradecimento',
      user: makeUser(),
    });
    expect(
      await screen.findByText('Sua doação mensal de R$ 25,50 está ativa. O recibo foi enviado para o seu e-mail.'),
    ).toBeInTheDocument();
    view.unmount();
    await renderPage(() => <MonthlyThanksPage amount={null} nextChargeAt={null} />, {
      path: '/doacao-mensal/agradecimento',
      url: '/doacao-mensal/agradecimento?amount=999999',
      user: makeUser(),
    });
    expect(await screen.findByText('Sua doação mensal está ativa. O recibo foi enviado para o seu e-mail.')).toBeInTheDocument();
    expect(screen.queryByText(/R\$/)).toBeNull();
  });
});
