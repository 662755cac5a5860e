import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { StatementsSection } from '../../../../src/features/profile/StatementsSection';
import { statementsApi } from '../../../../src/lib/api/statements';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { saveFile } from '../../../../src/lib/save-file';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/lib/api/statements', () => ({
  statementsApi: { years: vi.fn(), statementPdf: vi.fn(), declarationPdf: vi.fn(), mailGuestStatement: vi.fn() },
}));
vi.mock('../../../../src/lib/save-file', () => ({ saveFile: vi.fn() }));

describe('"Comprovantes" on the profile', () => {
  beforeEach(() => {
    for (const fn of Object.values(statementsApi)) vi.mocked(fn).mockReset();
    vi.mocked(saveFile).mockReset();
  });

  it('lists each year with its total and downloads its statement, and the company declaration where there is one', async () => {
    vi.mocked(statementsApi.years).mockResolvedValue([
      { year: 2030, total: 7_500, company_declaration: true },
      { year: 2029, total: 9_000, company_declaration: false },
    ]);
    const pdf = new Blob(['%PDF']);
    vi.mocked(statementsApi.statementPdf).mockResolvedValue(pdf);
    vi.mocked(statementsApi.declarationPdf).mockResolvedValue(pdf);
    await renderPage(StatementsSection, { path: '/profile', user: makeUser() });

    const section = await screen.findByRole('region', { name: 'Comprovantes' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.id)).toEqual(['comprovantes-2030', 'comprovantes-2029']);
    expect(rows[0]).toHaveTextContent(/Total doado: R\$\s75,00/);
    expect(rows[1]).toHaveTextContent(/Total doado: R\$\s90,00/);
    expect(within(rows[1]!).queryByRole('button', { name: /Declaração/ })).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Baixar comprovante de 2029 (PDF)' }));
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledWith(pdf, 'semear-comprovante-2029.pdf'));
    expect(statementsApi.statementPdf).toHaveBeenCalledWith(2029);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Declaração para dedução de 2030 (empresa, PDF)' }));
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledWith(pdf, 'semear-declaracao-2030.pdf'));
    expect(statementsApi.declarationPdf).toHaveBeenCalledWith(2030);
  });

  it('says why a download was refused and keeps the list', async () => {
    vi.mocked(statementsApi.years).mockResolvedValue([{ year: 2030, total: 7_500, company_declaration: true }]);
    vi.mocked(statementsApi.declarationPdf).mockRejectedValue(
      new ApiRequestError({
        status: 409,
        code: 'document.declarations_unavailable',
        messages: ['A organização ainda não pode emitir declarações.'],
      }),
    );
    await renderPage(StatementsSection, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: /Declaração para dedução de 2030/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A organização ainda não pode emitir declarações.');
    expect(screen.getByRole('button', { name: 'Baixar comprovante de 2030 (PDF)' })).toBeEnabled();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('says when there is nothing yet, and offers a retry when the list cannot be read', async () => {
    vi.mocked(statementsApi.years).mockResolvedValueOnce([]);
    const first = await renderPage(StatementsSection, { path: '/profile', user: makeUser() });
    expect(await screen.findByText(/Ainda não há doações confirmadas/)).toBeInTheDocument();
    first.unmount();

    vi.mocked(statementsApi.years)
      .mockRejectedValueOnce(new ApiRequestError({ status: 0, messages: ['error.unknown'] }))
      .mockResolvedValueOnce([{ year: 2030, total: 100, company_declaration: false }]);
    await renderPage(StatementsSection, { path: '/profile', user: makeUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Não conseguimos carregar seus comprovantes/);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('button', { name: 'Baixar comprovante de 2030 (PDF)' })).toBeInTheDocument();
  });
});
