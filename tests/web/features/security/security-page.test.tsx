import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { SecurityPage } from '../../../../src/features/security/SecurityPage';
import { secondFactorApi } from '../../../../src/lib/api/second-factor';
import { userSessionsApi } from '../../../../src/lib/api/user-sessions';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/lib/api/second-factor', () => ({
  secondFactorApi: { status: vi.fn(), startTotp: vi.fn(), confirmTotp: vi.fn(), regenerateCodes: vi.fn(), registerPasskey: vi.fn() },
}));
vi.mock('../../../../src/lib/api/user-sessions', () => ({ userSessionsApi: { list: vi.fn(), end: vi.fn(), endOthers: vi.fn() } }));

const none = { totp: null, passkeys: [], recovery_codes_left: 0, enrolled: false, required: true };
const sessions = [
  {
    id: 'a',
    device: 'Linux',
    browser: 'Chrome',
    place: 'São Paulo, Brasil',
    created_at: '2026-11-29T10:00:00.000Z',
    last_seen_at: '2026-11-29T12:00:00.000Z',
    current: true,
  },
  {
    id: 'b',
    device: 'iPhone',
    browser: 'Safari',
    place: 'Recife, Brasil',
    created_at: '2026-11-28T10:00:00.000Z',
    last_seen_at: '2026-11-28T12:00:00.000Z',
    current: false,
  },
];
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

describe('/profile/security', () => {
  beforeEach(() => {
    vi.mocked(secondFactorApi.status).mockResolvedValue(none);
    vi.mocked(userSessionsApi.list).mockResolvedValue(sessions);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks a money member to enrol, and lists the sessions with this device marked', async () => {
    await renderPage(SecurityPage, { path: '/profile/security', user: makeUser() });
    expect(await screen.findByText(/Ative um segundo fator para continuar agindo/)).toBeInTheDocument();
    const rows = screen.getAllByTestId('user-session');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('(este dispositivo)');
    expect(within(rows[1]!).getByRole('button', { name: 'Encerrar a sessão iPhone · Safari' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
  });

  it('enrols the authenticator app: the secret to type, a wrong code said in place, then the codes until saved', async () => {
    vi.mocked(secondFactorApi.startTotp).mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/Semear:ana?secret=JBSWY3DPEHPK3PXP',
    });
    vi.mocked(secondFactorApi.confirmTotp)
      .mockRejectedValueOnce(
        new ApiRequestError({ status: 400, code: 'auth.second_factor_invalid', messages: ['Código incorreto. Confira e tente de novo.'] }),
      )
      .mockResolvedValueOnce({ recovery_codes: codes });
    await renderPage(SecurityPage, { path: '/profile/security', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Ativar aplicativo autenticador' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const field = screen.getByLabelText(/Código de 6 dígitos/);
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Código incorreto. Confira e tente de novo.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Código de 6 dígitos/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(secondFactorApi.confirmTotp).toHaveBeenLastCalledWith('123456');
    const done = screen.getByRole('button', { name: 'Concluir' });
    expect(done).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Guardei meus códigos de recuperação'));
    fireEvent.click(done);
    expect(await screen.findByRole('button', { name: 'Ativar aplicativo autenticador' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Códigos de recuperação' })).toBeNull();
  });
});
