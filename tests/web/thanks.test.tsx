import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DonationThanksPage } from '../../src/features/campaigns/DonationThanksPage';
import { makeUser, renderPage } from './features/harness';

const path = '/doacao-confirmacao/agradecimento';

describe('donation thank-you page', () => {
  it('thanks with the amount, invites to share the campaign (WhatsApp first) and offers a visitor the sign-up', async () => {
    await renderPage(() => <DonationThanksPage amount={50} campaign="cozinha-solidaria-recife" />, { path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recebemos sua doação!' })).toBeTruthy();
    expect(screen.getByText('Sua doação de R$ 50,00 já está a caminho da campanha. O recibo foi enviado para o seu e-mail.')).toBeTruthy();
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

  it('without an amount or campaign: thanks in general and shares Semear itself', async () => {
    await renderPage(() => <DonationThanksPage />, { path });
    expect(await screen.findByText('Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.')).toBeTruthy();
    const whatsapp = screen.getByRole('link', { name: 'Compartilhar por WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain(`${window.location.origin}/`);
  });

  it('a signed-in donor gets a link to their donations instead of the sign-up prompt', async () => {
    await renderPage(() => <DonationThanksPage amount={25.5} />, { path, user: makeUser() });
    expect(await screen.findByText(/Sua doação de R\$ 25,50/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver minhas doações' }).getAttribute('href')).toBe('/profile/contributions');
    expect(screen.queryByRole('link', { name: 'Faça seu cadastro' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Entrar agora' })).toBeNull();
  });
});
