import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyseRecipientRows } from '../../contracts/recipient-sheet';
import { CorporateDefinitionPage } from '../../src/features/gifts/corporate/CorporateDefinitionPage';
import type { CorporateDefinitionServices } from '../../src/features/gifts/corporate/corporate-definition-services';
import type { SheetWorkerMessage } from '../../src/features/gifts/corporate/recipient-sheet.worker';
import { makeUser, renderPage } from './features/harness';

/**
 * /gift-card/definition_corporate with the real definition machine and its recipients step (a child
 * machine): the spreadsheet's progress and preview come from the step, the server keeps it once, and
 * going back opens what was chosen (the kept spreadsheet's preview, the codes).
 */

const sheetId = '4b0f7a64-8f0c-4a57-9f8e-1f5c7e2d9a10';
const goodSheet = analyseRecipientRows([
  ['Nome', 'E-mail'],
  ...Array.from({ length: 118 }, (_, i) => [`Pessoa ${i + 1}`, `pessoa${i + 1}@acme.com.br`]),
  ['', 'sem-nome@acme.com.br'],
]);

function fakeServices() {
  let report: (message: SheetWorkerMessage) => void = () => undefined;
  const services: CorporateDefinitionServices = {
    readSheet: (_file, reportTo) => {
      report = reportTo;
      return () => undefined;
    },
    uploadSheet: vi.fn(async () => ({ id: sheetId, accepted: 118, rejected: [] })),
    uploadLogo: vi.fn(async () => ({ id: '9d1e3c2b-1a2b-4c3d-8e4f-5a6b7c8d9e0f', url: '/x.png', width: 1900, height: 900 })),
  };
  return { services, report: (message: SheetWorkerMessage) => report(message) };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('/gift-card/definition_corporate', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads the spreadsheet with progress, sends it once, and going back opens its preview, then the codes chosen', async () => {
    const { services, report } = fakeServices();
    await renderPage(() => <CorporateDefinitionPage services={services} />, {
      path: '/gift-card/definition_corporate',
      user: makeUser({ name: 'Carla Mendes' }),
    });
    await screen.findByRole('heading', { name: '1. O cartão' });
    type(/Valor de cada cartão/, '50');
    fireEvent.click(screen.getByRole('radio', { name: 'Girassol' }));
    type(/^Mensagem/, 'Obrigado pelo ano!');
    click('Continuar');

    expect(await screen.findByRole('heading', { name: '2. Recebedores' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Planilha de recebedores/), {
      target: { files: [new File(['Nome;E-mail'], 'equipe.csv', { type: 'text/csv' })] },
    });
    report({ type: 'progress', fraction: 0.4 });
    expect(await screen.findByText('Lendo a planilha… 40%')).toBeInTheDocument();
    report({ type: 'read', sheet: goodSheet });
    const preview = await screen.findByRole('region', { name: 'Prévia da planilha' });
    expect(preview).toHaveTextContent('equipe.csv');
    expect(within(preview).getByRole('table', { name: 'Linhas recusadas' })).toHaveTextContent('O nome é obrigatório');
    click('Usar 118 recebedores');
    expect(await screen.findByRole('heading', { name: '3. Envio' })).toBeInTheDocument();
    expect(services.uploadSheet).toHaveBeenCalledTimes(1);

    click('Voltar');
    expect(await screen.findByRole('region', { name: 'Prévia da planilha' })).toHaveTextContent('equipe.csv');
    click('Usar 118 recebedores');
    expect(await screen.findByRole('heading', { name: '3. Envio' })).toBeInTheDocument();
    expect(services.uploadSheet).toHaveBeenCalledTimes(1);

    click('Voltar');
    fireEvent.click(await screen.findByRole('button', { name: 'Escolher outro arquivo' }));
    fireEvent.click(screen.getByRole('radio', { name: /Só os códigos/ }));
    type(/Quantos cartões/, '0');
    click('Continuar');
    expect(await screen.findByText('Escolha de 1 a 100.000 cartões')).toBeInTheDocument();
    type(/Quantos cartões/, '20');
    click('Continuar');
    expect(await screen.findByRole('heading', { name: '3. Revisão' })).toBeInTheDocument();
    click('Voltar');
    expect(await screen.findByRole('heading', { name: '2. Recebedores' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Só os códigos/ })).toBeChecked());
    expect(screen.getByLabelText(/Quantos cartões/)).toHaveValue(20);
    // Five steps walked through the real page: beyond the web project's 5 s on a busy machine.
  }, 20_000);
});
