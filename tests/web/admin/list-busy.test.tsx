import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaxonomyPage } from '../../../src/features/admin/taxonomy/TaxonomyPage';
import { adminTaxonomyApi } from '../../../src/lib/api/admin-taxonomy';
import type { TaxonomyItem } from '../../../machines/admin/taxonomy-list.machine';
import { makeUser, renderPage } from '../features/harness';

/**
 * An admin list page takes one command when its list is on screen: while the list is read (on opening,
 * after each change) its buttons wait, since a command sent then would be dropped without a word (a
 * category typed and sent as the page opened was never created).
 */

const sport: TaxonomyItem = { slug: 'esporte', name: 'Esporte', name_en: '', name_es: '', position: 1, campaign_count: 0 };

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => vi.restoreAllMocks());

describe('an admin list page while its list is read', () => {
  it('keeps the create button waiting until the list has come, then creates what was typed', async () => {
    const opening = deferred<TaxonomyItem[]>();
    const afterChange = deferred<TaxonomyItem[]>();
    const list = vi
      .spyOn(adminTaxonomyApi, 'list')
      .mockImplementation(() => (list.mock.calls.length === 1 ? opening : afterChange).promise);
    const run = vi.spyOn(adminTaxonomyApi, 'run').mockResolvedValue(undefined);
    await renderPage(() => <TaxonomyPage kind="categories" />, { path: '/admin/categories', user: makeUser() });

    fireEvent.change(await screen.findByLabelText(/^Nome \(português\)/), { target: { value: 'Esporte' } });
    const create = screen.getByRole('button', { name: 'Criar categoria' });
    expect(create).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Nova categoria' }));
    expect(run).not.toHaveBeenCalled();

    await act(async () => opening.resolve([]));
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith('categories', { type: 'create', input: { name: 'Esporte', name_en: '', name_es: '' } }),
    );
    // Read again after the change: waiting once more until the list is back.
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Criar categoria' })).toBeDisabled();
    await act(async () => afterChange.resolve([sport]));
    expect(await screen.findByRole('listitem', { name: 'Esporte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar categoria' })).toBeEnabled();
  });
});
