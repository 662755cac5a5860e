import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SignUpPage } from '../../../../src/features/auth/SignUpPage';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { signUp } from '../../../../src/lib/api/auth';
import { renderPage } from '../harness';

vi.mock('../../../../src/lib/api/auth', () => ({ signUp: vi.fn() }));
vi.mock('../../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

const type = (label: RegExp | string, value: string) => {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.input(input, { target: { value } });
  return input;
};

async function fillIndividual() {
  await screen.findByLabelText(/Nome completo/);
  type(/Nome completo/, 'Ana Souza');
  type(/^CPF/, '52998224725');
  type(/E-mail/, 'ana@exemplo.com');
  type(/Telefone/, '81987654321');
  type(/Data de nascimento/, '15041990');
  type(/^Senha/, 'segredo-123');
  fireEvent.click(screen.getByLabelText(/termos de uso/));
}

describe('SignUpPage', () => {
  beforeEach(() => {
    vi.mocked(signUp).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('switches between CPF (with birth date) and CNPJ (without) by person type', async () => {
    await renderPage(SignUpPage, { path: '/signup' });
    expect(await screen.findByLabelText(/^CPF/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Data de nascimento/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^CNPJ/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Pessoa jurídica'));
    expect(await screen.findByLabelText(/^CNPJ/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^CPF/)).toBeNull();
    expect(screen.queryByLabelText(/Data de nascimento/)).toBeNull();
    expect(screen.getByLabelText(/Razão social/)).toBeInTheDocument();
  });

  it('starts with the e-mail a page sent (an invitation) and keeps it on the link to sign in instead', async () => {
    await renderPage(SignUpPage, { path: '/signup', url: '/signup?return_url=%2Fconvite-equipe%3Ftoken%3Dabc&email=caio%40exemplo.org' });
    expect(((await screen.findByLabelText(/E-mail/)) as HTMLInputElement).value).toBe('caio@exemplo.org');
    expect(screen.getByRole('link', { name: 'Já tem conta? Entrar' }).getAttribute('href')).toContain('email=caio%40exemplo.org');
  });

  it('leaves the e-mail empty when the one given is not an address', async () => {
    await renderPage(SignUpPage, { path: '/signup', url: '/signup?email=%3Cscript%3E' });
    expect(((await screen.findByLabelText(/E-mail/)) as HTMLInputElement).value).toBe('');
  });

  it('masks CPF, CNPJ (letters allowed) and phone while typing', async () => {
    await renderPage(SignUpPage, { path: '/signup' });
    await screen.findByLabelText(/^CPF/);
    expect(type(/^CPF/, '52998224725').value).toBe('529.982.247-25');
    expect(type(/Telefone/, '81987654321').value).toBe('(81) 98765-4321');
    fireEvent.click(screen.getByLabelText('Pessoa jurídica'));
    await screen.findByLabelText(/^CNPJ/);
    expect(type(/^CNPJ/, '12abc34501de35').value).toBe('12.ABC.345/01DE-35');
  });

  it('shows the contract errors translated and focuses the first invalid field', async () => {
    await renderPage(SignUpPage, { path: '/signup' });
    await screen.findByLabelText(/^CPF/);
    type(/^CPF/, '11111111111');
    type(/^Senha/, 'curta');
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('CPF inválido')).toBeInTheDocument();
    expect(screen.getByText('O e-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('O telefone é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Aceite os termos de uso para continuar')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Nome completo/)));
    expect(signUp).not.toHaveBeenCalled();
  });

  it('validates the CNPJ of a company with the contract', async () => {
    await renderPage(SignUpPage, { path: '/signup' });
    fireEvent.click(await screen.findByLabelText('Pessoa jurídica'));
    type(/^CNPJ/, '12ABC34501DE00');
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
  });

  it('shows the password length hint', async () => {
    await renderPage(SignUpPage, { path: '/signup' });
    await screen.findByLabelText(/^Senha/);
    type(/^Senha/, 'abc');
    expect(await screen.findByText('Use de 8 a 128 caracteres (3 digitados).')).toBeInTheDocument();
  });

  it('sends the form with the return_url and says where the link went, signing no one in yet', async () => {
    vi.mocked(signUp).mockResolvedValue({ message: 'não mostrado' });
    const { spies } = await renderPage(SignUpPage, { path: '/signup', url: '/signup?return_url=%2Fdoacao-mensal' });
    await fillIndividual();
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(screen.getByText('Enviamos um e-mail para ana@exemplo.com. Abra o link nele para ativar sua conta.')).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledWith({
      person_type: 'INDIVIDUAL',
      name: 'Ana Souza',
      email: 'ana@exemplo.com',
      password: 'segredo-123',
      phone: '81987654321',
      cpf: '52998224725',
      birth_date: '1990-04-15',
      return_url: '/doacao-mensal',
    });
    expect(spies.persistSession).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('sends the mail again on request, and goes back to the form as typed to correct the address', async () => {
    vi.mocked(signUp).mockResolvedValue({ message: 'ok' });
    await renderPage(SignUpPage, { path: '/signup' });
    await fillIndividual();
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar o e-mail de novo' }));
    expect(await screen.findByText(/Pedido enviado de novo/)).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledTimes(2);
    expect(vi.mocked(signUp).mock.calls[1]).toEqual(vi.mocked(signUp).mock.calls[0]);
    expect(vi.mocked(signUp).mock.calls[0]?.[0]).not.toHaveProperty('return_url');

    fireEvent.click(screen.getByRole('button', { name: 'Corrigir o e-mail' }));
    const email = (await screen.findByLabelText(/E-mail/)) as HTMLInputElement;
    expect(email.value).toBe('ana@exemplo.com');
    expect((screen.getByLabelText(/Nome completo/) as HTMLInputElement).value).toBe('Ana Souza');
    await waitFor(() => expect(document.activeElement).toBe(email));
    type(/E-mail/, 'ana.souza@exemplo.com');
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(/Enviamos um e-mail para ana\.souza@exemplo\.com\./)).toBeInTheDocument();
    expect(vi.mocked(signUp).mock.calls[2]?.[0]).toMatchObject({ email: 'ana.souza@exemplo.com', name: 'Ana Souza' });
  });

  it('lists the server validation messages when the API refuses the body', async () => {
    vi.mocked(signUp).mockRejectedValue(
      new ApiRequestError({ status: 400, code: 'validation.failed', messages: ['Telefone inválido', 'CPF inválido'] }),
    );
    await renderPage(SignUpPage, { path: '/signup' });
    await fillIndividual();
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Telefone inválido CPF inválido', { selector: '[role="alert"]' })).toBeInTheDocument();
  });
});
