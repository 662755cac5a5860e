import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ResetPasswordPage } from '../../../../src/features/auth/ResetPasswordPage';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { forgotPassword, resetPassword } from '../../../../src/lib/api/auth';
import { toast } from '../../../../src/app/toast';
import { renderPage } from '../harness';

vi.mock('../../../../src/lib/api/auth', () => ({ forgotPassword: vi.fn(), resetPassword: vi.fn() }));
vi.mock('../../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    vi.mocked(forgotPassword).mockReset();
    vi.mocked(resetPassword).mockReset();
    vi.mocked(toast.success).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('without a token asks for the e-mail and always answers the same way', async () => {
    vi.mocked(forgotPassword).mockResolvedValue(undefined);
    await renderPage(ResetPasswordPage, { path: '/reset-password' });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('O e-mail é obrigatório')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/E-mail/), { target: { value: 'Quem@Exemplo.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(/Se houver uma conta com esse e-mail, enviamos um link/)).toBeInTheDocument();
    expect(forgotPassword).toHaveBeenCalledWith('quem@exemplo.com');
  });

  it('with a token sets the new password (typed twice) and goes to sign in', async () => {
    vi.mocked(resetPassword).mockResolvedValue(undefined);
    await renderPage(ResetPasswordPage, { path: '/reset-password', url: '/reset-password?token=abc123' });
    fireEvent.input(await screen.findByLabelText(/^Nova senha/), { target: { value: 'nova-senha-1' } });
    fireEvent.input(screen.getByLabelText(/Confirme/), { target: { value: 'outra-senha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não conferem')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/Confirme/), { target: { value: 'nova-senha-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/signin');
    expect(resetPassword).toHaveBeenCalledWith({ token: 'abc123', password: 'nova-senha-1' });
    expect(toast.success).toHaveBeenCalledWith('Senha alterada. Entre com a nova senha.');
  });

  it('explains an expired link inline', async () => {
    vi.mocked(resetPassword).mockRejectedValue(new ApiRequestError({ status: 400, code: 'reset.invalid', messages: ['x'] }));
    await renderPage(ResetPasswordPage, { path: '/reset-password', url: '/reset-password?token=old' });
    fireEvent.input(await screen.findByLabelText(/^Nova senha/), { target: { value: 'nova-senha-1' } });
    fireEvent.input(screen.getByLabelText(/Confirme/), { target: { value: 'nova-senha-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(/Este link de redefinição é inválido ou expirou/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeInTheDocument();
  });
});
