import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen } from '@testing-library/react';
import { ConfirmSignUpPage } from '../../../../src/features/auth/ConfirmSignUpPage';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { confirmSignUp } from '../../../../src/lib/api/auth';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/lib/api/auth', () => ({ confirmSignUp: vi.fn() }));

const path = '/signup/confirm';

describe('ConfirmSignUpPage (the link a sign-up mails)', () => {
  beforeEach(() => {
    vi.mocked(confirmSignUp).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('creates the account once, signs it in and goes to the return_url', async () => {
    vi.mocked(confirmSignUp).mockResolvedValue({ token: 'jwt', refresh_token: 'refresh', user: makeUser() });
    const { spies } = await renderPage(ConfirmSignUpPage, { path, url: `${path}?token=abc123&return_url=%2Fdoacao-mensal` });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/doacao-mensal');
    expect(confirmSignUp).toHaveBeenCalledTimes(1);
    expect(confirmSignUp).toHaveBeenCalledWith('abc123');
    expect(spies.persistSession).toHaveBeenCalledWith({ token: 'jwt', refreshToken: 'refresh' });
  });

  it('goes home when the link has no return_url', async () => {
    vi.mocked(confirmSignUp).mockResolvedValue({ token: 'jwt', refresh_token: 'refresh', user: makeUser() });
    await renderPage(ConfirmSignUpPage, { path, url: `${path}?token=abc123` });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
  });

  it('says a used or expired link is spent and leads back to the sign-up', async () => {
    vi.mocked(confirmSignUp).mockRejectedValue(new ApiRequestError({ status: 400, code: 'sign_up.invalid', messages: ['x'] }));
    await renderPage(ConfirmSignUpPage, { path, url: `${path}?token=old&return_url=%2Fdoacao-mensal` });
    expect(await screen.findByText('Este link de confirmação expirou ou já foi usado. Faça o cadastro de novo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fazer o cadastro de novo' }).getAttribute('href')).toBe('/signup?return_url=%2Fdoacao-mensal');
  });

  it('reads a link without a token as spent, asking nothing of the API', async () => {
    await renderPage(ConfirmSignUpPage, { path, url: path });
    expect(await screen.findByText(/Este link de confirmação expirou ou já foi usado/)).toBeInTheDocument();
    expect(confirmSignUp).not.toHaveBeenCalled();
  });

  it('points an address that got an account meanwhile to signing in or resetting the password', async () => {
    vi.mocked(confirmSignUp).mockRejectedValue(
      new ApiRequestError({ status: 409, code: 'user.email_taken', messages: ['Já existe uma conta com este e-mail.'] }),
    );
    await renderPage(ConfirmSignUpPage, { path, url: `${path}?token=abc` });
    expect(await screen.findByText('Já existe uma conta com este e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeInTheDocument();
  });
});
