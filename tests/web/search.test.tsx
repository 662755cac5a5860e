import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchPage } from '../../src/features/campaigns/SearchPage';
import type { SearchSearch } from '../../contracts';
import { renderPage } from './features/harness';
import { makeCampaignSummary } from './campaign-fixtures';

const categories = [
  { slug: 'alimentacao', name: 'Alimentação', campaign_count: 2 },
  { slug: 'educacao', name: 'Educação', campaign_count: 1 },
];
const tags = [
  { slug: 'fome-zero', name: 'Fome zero' },
  { slug: 'nordeste', name: 'Nordeste' },
];

function show(
  search: SearchSearch,
  url: string,
  results = { items: [makeCampaignSummary()], total: 1, page: search.page ?? 0, amount: 12 },
) {
  return renderPage(() => <SearchPage search={search} results={results} categories={categories} tags={tags} />, { path: '/search', url });
}

describe('search page', () => {
  it('fills the form from the URL and shows the results as campaign cards', async () => {
    await show(
      { q: 'alimentacao', category: 'alimentacao', sort: 'most_raised' },
      '/search?q=alimentacao&category=alimentacao&sort=most_raised',
    );
    const form = await screen.findByRole('search', { name: 'Buscar campanhas' });
    expect((within(form).getByLabelText('Buscar') as HTMLInputElement).value).toBe('alimentacao');
    expect((within(form).getByLabelText('Causa') as HTMLSelectElement).value).toBe('alimentacao');
    expect((within(form).getByLabelText('Tag') as HTMLSelectElement).value).toBe('');
    expect((within(form).getByLabelText('Ordenar por') as HTMLSelectElement).value).toBe('most_raised');
    expect(screen.getByRole('status').textContent).toBe('1 campanha encontrada');
    const card = screen.getByRole('link', { name: 'Cozinha Solidária do Coque' });
    expect(card.getAttribute('href')).toBe('/cozinha-solidaria-recife');
    expect(screen.getByText('Associação de Moradoras do Coque')).toBeInTheDocument();
    expect(document.title).toBe('Busca: alimentacao · Semear');
  });

  it('puts the new query in the URL and starts again from the first page', async () => {
    const { router } = await show({ q: 'fome', page: 2 }, '/search?q=fome&page=2');
    const form = await screen.findByRole('search');
    fireEvent.change(within(form).getByLabelText('Buscar'), { target: { value: '  cozinha recife ' } });
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'nordeste' } });
    fireEvent.change(within(form).getByLabelText('Ordenar por'), { target: { value: 'recent' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'cozinha recife', tag: 'nordeste', sort: 'recent' }));
    expect(router.state.location.href).toBe('/search?q=cozinha+recife&tag=nordeste&sort=recent');
  });

  it('clearing every field searches everything', async () => {
    const { router } = await show({ q: 'fome', category: 'alimentacao' }, '/search?q=fome&category=alimentacao');
    const form = await screen.findByRole('search');
    fireEvent.change(within(form).getByLabelText('Buscar'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Causa'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.href).toBe('/search'));
  });

  it('shows an empty state with a way back to every campaign', async () => {
    await show({ q: 'xyzzy' }, '/search?q=xyzzy', { items: [], total: 0, page: 0, amount: 12 });
    expect(await screen.findByText('Nenhuma campanha encontrada.')).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Nenhuma campanha encontrada');
    expect(screen.getByRole('link', { name: 'Ver todas as campanhas' }).getAttribute('href')).toBe('/search');
  });

  it('links the other pages keeping the query', async () => {
    await show({ q: 'fome' }, '/search?q=fome', { items: [makeCampaignSummary()], total: 30, page: 0, amount: 12 });
    const pages = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(within(pages).getByText('Página 1 de 3')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Anterior' })).toBeNull();
    expect(within(pages).getByRole('link', { name: 'Próxima' }).getAttribute('href')).toBe('/search?q=fome&page=1');
  });
});
