import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DocumentVerification } from '../../contracts/statements';
import { DocumentVerificationPage } from '../../src/features/pages/DocumentVerificationPage';
import { renderPage } from './features/harness';

const genuine: DocumentVerification = {
  code: '7KQ4-M2XD-9TBA',
  kind: 'statement',
  year: 2026,
  total: 12_345,
  organisation: { legal_name: 'Associação Semear Brasil', cnpj: '12ABC34501DE35' },
  issued_at: '2026-11-30T15:00:00.000Z',
};

describe('/recibos/{code}', () => {
  it('confirms a genuine document with its NGO, kind, year, total and date, and nothing of the donor', async () => {
    await renderPage(() => <DocumentVerificationPage code={genuine.code} verification={genuine} />, { path: '/recibos/7KQ4-M2XD-9TBA' });
    expect(await screen.findByRole('heading', { name: 'Verificação de documento' })).toBeInTheDocument();
    expect(screen.getByText('Este documento é autêntico: foi emitido pelo Semear.')).toBeInTheDocument();
    const details = within(screen.getByLabelText('Verificação de documento'));
    expect(details.getByText('Associação Semear Brasil · CNPJ 12.ABC.345/01DE-35')).toBeInTheDocument();
    expect(details.getByText('Comprovante anual de doações')).toBeInTheDocument();
    expect(details.getByText('2026')).toBeInTheDocument();
    expect(details.getByText(/123,45/)).toBeInTheDocument();
    expect(details.getByText('30/11/2026')).toBeInTheDocument();
    expect(screen.getByText(/não mostra quem é o doador/)).toBeInTheDocument();
  });

  it('says so, as an alert, when nobody issued the code; in the reader’s language', async () => {
    await renderPage(() => <DocumentVerificationPage code="AAAA-BBBB-CCCC" verification="unknown" />, { path: '/recibos/x', locale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No issued document has this code.');
    expect(screen.getByText('Code AAAA-BBBB-CCCC')).toBeInTheDocument();
  });

  it('tells a failed check from an unknown code', async () => {
    await renderPage(() => <DocumentVerificationPage code="7KQ4-M2XD-9TBA" verification="failed" />, { path: '/recibos/x' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível verificar o código agora.');
  });
});
