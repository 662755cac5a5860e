import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CampaignDonorsPage } from '../../src/features/campaigns/CampaignDonorsPage';
import { CampaignMessagesPage } from '../../src/features/campaigns/CampaignMessagesPage';
import type { CampaignDonor, CampaignMessage } from '../../contracts';
import { renderPage } from './features/harness';

const donors: CampaignDonor[] = [
  { id: 'd1', donor_name: 'Bruno Lima', amount: 123_456, created_at: '2026-11-21T13:00:00.000Z' },
  { id: 'd2', donor_name: null, amount: 3000, created_at: '2026-11-01T02:59:00.000Z' },
];
const messages: CampaignMessage[] = [
  { id: 'm1', donor_name: null, message: 'Seguimos juntos.\nAbraço!', created_at: '2026-11-21T13:00:00.000Z' },
  { id: 'm2', donor_name: 'Carla Dias', message: 'Orgulho do Coque', created_at: '2026-10-05T18:00:00.000Z' },
];

describe('campaign donors page', () => {
  it('lists donors with amounts in reais and pt-BR dates; anonymous donors as "Anônimo"', async () => {
    await renderPage(
      () => (
        <CampaignDonorsPage
          slug="cozinha-solidaria-recife"
          campaignTitle="Cozinha Solidária do Coque"
          donors={{ items: donors, total: 2, page: 0, amount: 20 }}
        />
      ),
      { path: '/cozinha-solidaria-recife/doadores' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Quem já doou' })).toBeInTheDocument();
    expect(document.title).toBe('Quem já doou · Cozinha Solidária do Coque · Semear');
    const rows = screen.getAllByRole('listitem').filter((li) => li.querySelector('time'));
    expect(rows.map((li) => li.textContent)).toEqual(['Bruno LimaR$ 1.234,5621/11/2026', 'AnônimoR$ 30,0031/10/2026']);
    expect(screen.getByRole('link', { name: 'Cozinha Solidária do Coque' }).getAttribute('href')).toBe('/cozinha-solidaria-recife');
    // Everything fits on one page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });

  it('pages through a long list with the page in the URL', async () => {
    await renderPage(
      () => (
        <CampaignDonorsPage
          slug="cozinha-solidaria-recife"
          campaignTitle="Cozinha"
          donors={{ items: donors, total: 45, page: 1, amount: 20 }}
        />
      ),
      { path: '/cozinha-solidaria-recife/doadores', url: '/cozinha-solidaria-recife/doadores?page=1' },
    );
    const pages = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(within(pages).getByText('Página 2 de 3')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Anterior' }).getAttribute('href')).toBe('/cozinha-solidaria-recife/doadores');
    expect(within(pages).getByRole('link', { name: 'Próxima' }).getAttribute('href')).toBe('/cozinha-solidaria-recife/doadores?page=2');
  });

  it('says when nobody gave yet', async () => {
    await renderPage(() => <CampaignDonorsPage slug="nova" campaignTitle="Nova" donors={{ items: [], total: 0, page: 0, amount: 20 }} />, {
      path: '/nova/doadores',
    });
    expect(await screen.findByText('Nenhuma doação por aqui ainda.')).toBeInTheDocument();
  });
});

describe('campaign messages page', () => {
  it('lists messages newest first with their author or "Anônimo" and the date', async () => {
    await renderPage(
      () => (
        <CampaignMessagesPage
          slug="cozinha-solidaria-recife"
          campaignTitle="Cozinha Solidária do Coque"
          messages={{ items: messages, total: 2, page: 0, amount: 20 }}
        />
      ),
      { path: '/cozinha-solidaria-recife/messages' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mensagens de apoio' })).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem').filter((li) => li.querySelector('time'));
    expect(within(rows[0]!).getByText('Anônimo')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('21/11/2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Carla Dias')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Orgulho do Coque')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Seções da campanha' });
    expect(within(tabs).getByRole('link', { name: 'Doadores' }).getAttribute('href')).toBe('/cozinha-solidaria-recife/doadores');
  });
});
