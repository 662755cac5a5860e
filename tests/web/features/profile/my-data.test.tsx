import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { DataExport } from '../../../../contracts/data-export';
import { MyDataSection } from '../../../../src/features/profile/MyDataSection';
import { dataExportApi } from '../../../../src/lib/api/data-export';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { saveFile } from '../../../../src/lib/save-file';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/lib/api/data-export', () => ({
  dataExportApi: { latest: vi.fn(), request: vi.fn(), read: vi.fn(), file: vi.fn() },
}));
vi.mock('../../../../src/lib/save-file', () => ({ saveFile: vi.fn() }));

const copy = (status: DataExport['status']): DataExport => ({
  id: '6f1c1c8e-3b8a-4c55-9a39-1f7f7d0b2a11',
  status,
  requested_at: '2026-11-29T12:00:00.000Z',
  expires_at: status === 'ready' ? '2026-12-06T12:00:05.000Z' : null,
  download_url: status === 'ready' ? '/api/v1/users/profile/data-export/6f1c1c8e-3b8a-4c55-9a39-1f7f7d0b2a11/download' : null,
});

describe('"Meus dados" on the profile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (const fn of Object.values(dataExportApi)) vi.mocked(fn).mockReset();
    vi.mocked(saveFile).mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it("shows the server's reason when a request is refused, and lets the donor try again", async () => {
    vi.mocked(dataExportApi.latest).mockResolvedValue(null);
    vi.mocked(dataExportApi.request).mockRejectedValue(new ApiRequestError({ status: 0, messages: ['error.unknown'] }));
    await renderPage(MyDataSection, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir uma cópia dos meus dados' }));
    expect(await screen.findByText(/Erro desconhecido|error\.unknown/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir uma cópia dos meus dados' })).toBeEnabled();
  });
  it('asks for a copy, says it is being prepared, then says until when the ready ZIP can be downloaded', async () => {
    vi.mocked(dataExportApi.latest).mockResolvedValue(null);
    vi.mocked(dataExportApi.request).mockResolvedValue(copy('pending'));
    vi.mocked(dataExportApi.read).mockResolvedValue(copy('ready'));
    await renderPage(MyDataSection, { path: '/profile', user: makeUser() });

    expect(await screen.findByRole('heading', { name: 'Meus dados' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir uma cópia dos meus dados' }));
    expect(await screen.findByText(/Estamos preparando a cópia dos seus dados/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir uma cópia dos meus dados' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('button', { name: 'Baixar meus dados' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/está pronta\. Você pode baixá-la até 06\/12\/2026/);
    expect(dataExportApi.read).toHaveBeenCalledWith(copy('ready').id);
    // Ready, it waits for the donor: nothing is downloaded by itself.
    expect(dataExportApi.file).not.toHaveBeenCalled();
  });

  it('downloads a prepared copy with the session and hands it to the browser', async () => {
    vi.mocked(dataExportApi.latest).mockResolvedValue(copy('ready'));
    const zip = new Blob(['PK']);
    vi.mocked(dataExportApi.file).mockResolvedValue(zip);
    await renderPage(MyDataSection, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledWith(zip, 'semear-meus-dados-2026-11-29.zip'));
    expect(dataExportApi.file).toHaveBeenCalledWith(copy('ready').id);
    expect(screen.getByRole('button', { name: 'Pedir uma nova cópia' })).toBeEnabled();
  });

  it('takes up a copy already prepared, and says so when its link has gone (410)', async () => {
    vi.mocked(dataExportApi.latest).mockResolvedValue(copy('ready'));
    vi.mocked(dataExportApi.file).mockRejectedValue(
      new ApiRequestError({ status: 410, code: 'data_export.expired', messages: ['Esta cópia dos seus dados não está mais disponível.'] }),
    );
    await renderPage(MyDataSection, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByText(/A última cópia dos seus dados não está mais disponível/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Baixar meus dados' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pedir uma cópia dos meus dados' })).toBeEnabled();
  });
});
