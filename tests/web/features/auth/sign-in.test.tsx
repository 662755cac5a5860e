import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SignInPage } from '../../../../src/features/auth/SignInPage';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { signIn } from '../../../../src/lib/api/auth';
import { makeUser, renderPage } from '../harness';
import { toast } from '../../../../src/app/toast';

vi.mock('../../../../src/lib/api/auth', () => ({ signIn: vi.fn() }));
vi.mock('../../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

const session = { token: 'jwt', refresh_token: 'refresh', user: makeUser() };

async function fillAndSubmit(email: string, password: string) {
  fireEvent.input(await screen.findByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.input(screen.getByLabelText(/Senha/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('SignInPage', () => {
  beforeEach(() => {
    vi.mocked(signIn).mockReset();
    vi.mocked(toast.error).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the contract errors translated, linked to their fields, and focuses the first invalid field', async () => {
    await renderPage(SignInPage, { path: '/signin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    const email = screen.getByLabelText(/E-mail/);
    expect(await screen.findByText('O e-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A senha é obrigatória')).toBeInTheDocument();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').pop() ?? '')?.textContent).toBe('O e-mail é obrigatório');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the errors in the interface language (en)', async () => {
    await renderPage(SignInPage, { path: '/signin', locale: 'en' });
    fireEvent.input(await screen.findByLabelText(/E-mail/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid e-mail')).toBeInTheDocument();
  });

  it('signs in through the auth machine and goes to the return_url', async () => {
    vi.mocked(signIn).mockResolvedValue(session);
    const { spies, actor } = await renderPage(SignInPage, { path: '/signin', url: '/signin?return_url=%2Fprofile%2Fwallet%3Ftab%3D1' });
    await fillAndSubmit('  Ana@Exemplo.com ', 'segredo-123');
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/profile/wallet?tab=1');
    // The contract normalises the e-mail before it leaves the form.
    expect(signIn).toHaveBeenCalledWith({ email: 'ana@exemplo.com', password: 'segredo-123' });
    expect(spies.persistSession).toHaveBeenCalledWith({ token: 'jwt', refreshToken: 'refresh' });
    expect(actor.getSnapshot().context.user?.email).toBe('ana@exemplo.com');
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['an auth page', '/signin'],
  ])('ignores a return_url pointing to %s and goes home', async (_label, target) => {
    vi.mocked(signIn).mockResolvedValue(session);
    await renderPage(SignInPage, { path: '/signin', url: `/signin?return_url=${encodeURIComponent(target)}` });
    await fillAndSubmit('ana@exemplo.com', 'segredo-123');
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
  });

  it('shows a wrong password inline and keeps the visitor on the form; said once (no toast as well), and logged', async () => {
    vi.mocked(signIn).mockRejectedValue(
      new ApiRequestError({ status: 401, code: 'auth.invalid_credentials', messages: ['E-mail ou senha incorretos.'] }),
    );
    const { spies } = await renderPage(SignInPage, { path: '/signin' });
    await fillAndSubmit('ana@exemplo.com', 'errada-123');
    const alert = await screen.findByText('E-mail ou senha incorretos.', { selector: '[role="alert"]' });
    expect(alert).toBeVisible();
    expect(screen.getAllByText('E-mail ou senha incorretos.')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
    expect(spies.persistSession).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says a locked account in the interface language, not in the words the server sent', async () => {
    vi.mocked(signIn).mockRejectedValue(
      new ApiRequestError({
        status: 429,
        code: 'auth.account_locked',
        messages: ['Muitas tentativas de entrar nesta conta. Por segurança, ela ficou bloqueada por alguns minutos.'],
      }),
    );
    const { spies } = await renderPage(SignInPage, { path: '/signin', locale: 'en' });
    fireEvent.input(await screen.findByLabelText(/E-mail/), { target: { value: 'ana@exemplo.com' } });
    fireEvent.input(screen.getByLabelText(/Password/), { target: { value: 'certa-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too many attempts to sign in to this account. For security, it has been locked for a few minutes. We sent an e-mail with a link to reset the password.',
    );
    expect(spies.persistSession).not.toHaveBeenCalled();
  });

  it('sends an already signed-in user straight to the return_url', async () => {
    await renderPage(SignInPage, { path: '/signin', url: '/signin?return_url=%2Fdoacao-mensal', user: makeUser() });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/doacao-mensal');
  });
});
