import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HomePage, type HomeData } from '../../src/features/home/HomePage';
import { renderPage } from './features/harness';
import { makeCampaignSummary } from './campaign-fixtures';

const featured = [
  makeCampaignSummary(),
  makeCampaignSummary({
    id: 'c2',
    slug: 'enchentes-rio-grande-do-sul',
    title: 'Enchentes no Rio Grande do Sul',
    goal: null,
    raised: 50_000,
    donor_count: 4,
  }),
];
const recent = [
  makeCampaignSummary({
    id: 'c3',
    slug: 'biblioteca-escolar-belem',
    title: 'Biblioteca Escolar em Belém',
    featured: false,
    status: 'paused',
  }),
  featured[0]!,
];
const data: HomeData = {
  featured,
  recent,
  categories: [
    { slug: 'alimentacao', name: 'Alimentação', campaign_count: 2 },
    { slug: 'animais', name: 'Animais', campaign_count: 1 },
  ],
  totals: { raised: 12_345_678, donations: 1520, donors: 987, campaigns: 5 },
};

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('home page', () => {
  it('keeps the hero and shows featured campaigns, categories with counts, recent campaigns and totals', async () => {
    await renderPage(() => <HomePage data={data} />, { path: '/inicio' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Doe em um minuto. Veja o que a sua doação fez.' })).toBeInTheDocument();

    const highlights = section('Campanhas em destaque');
    expect(
      within(highlights)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cozinha Solidária do Coque', 'Enchentes no Rio Grande do Sul']);
    expect(within(highlights).getByRole('link', { name: 'Enchentes no Rio Grande do Sul' }).getAttribute('href')).toBe(
      '/enchentes-rio-grande-do-sul',
    );
    expect(within(highlights).getByText('24% da meta')).toBeInTheDocument();

    const causes = section('Causas para apoiar');
    const alimentacao = within(causes).getByRole('link', { name: /Alimentação/ });
    expect(alimentacao.getAttribute('href')).toBe('/search?category=alimentacao');
    expect(alimentacao.textContent).toContain('2 campanhas');
    expect(within(causes).getByRole('link', { name: /Animais/ }).textContent).toContain('1 campanha');

    // A featured campaign is not repeated among the recent ones; a paused one says so.
    const latest = section('Campanhas recentes');
    expect(
      within(latest)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Biblioteca Escolar em Belém']);
    expect(within(latest).getByText('Pausada')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'A Semear em números' });
    expect(within(totals).getByText('R$ 123.456,78')).toBeInTheDocument();
    expect(within(totals).getByText('1.520')).toBeInTheDocument();
    expect(within(totals).getByText('987')).toBeInTheDocument();

    // The other sections stay.
    expect(screen.getByRole('heading', { level: 2, name: 'Como funciona' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Jeitos de doar' })).toBeInTheDocument();
  });

  it('leaves out what the API could not give, and the page still works', async () => {
    await renderPage(() => <HomePage data={{ featured: null, recent: null, categories: null, totals: null }} />, { path: '/inicio' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Campanhas em destaque' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Causas para apoiar' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'A Semear em números' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Jeitos de doar' })).toBeInTheDocument();
  });
});
