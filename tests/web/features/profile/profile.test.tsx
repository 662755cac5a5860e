import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProfilePage } from '../../../../src/features/profile/ProfilePage';
import { updateProfile } from '../../../../src/lib/api/auth';
import { toast } from '../../../../src/app/toast';
import { ApiRequestError } from '../../../../src/lib/http/api-error';
import { addressesApi } from '../../../../src/lib/api/addresses';
import { makeUser, renderPage } from '../harness';

vi.mock('../../../../src/lib/api/auth', () => ({ updateProfile: vi.fn() }));
vi.mock('../../../../src/lib/api/addresses', () => ({ addressesApi: { lookupCep: vi.fn() } }));
vi.mock('../../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => {
  fireEvent.input(field(label), { target: { value } });
  return field(label);
};

describe('ProfilePage', () => {
  beforeEach(() => {
    vi.mocked(updateProfile).mockReset();
    vi.mocked(addressesApi.lookupCep)
      .mockReset()
      .mockResolvedValue({ zip_code: '53020140', state: 'PE', city: '', neighborhood: '', street_address: '', source: 'embedded' });
    vi.mocked(toast.success).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the registered data masked and dated the Brazilian way', async () => {
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    const list = (await screen.findByText('Ana Souza')).closest('dl') as HTMLElement;
    const text = within(list);
    expect(text.getByText('ana@exemplo.com')).toBeInTheDocument();
    expect(text.getByText('529.982.247-25')).toBeInTheDocument();
    expect(text.getByText('(81) 98765-4321')).toBeInTheDocument();
    expect(text.getByText('15/04/1990')).toBeInTheDocument();
    expect(text.getByText('10/01/2026')).toBeInTheDocument();
    expect(text.getByText('Doador')).toBeInTheDocument();
    expect(text.getByText(/Rua da Aurora, 100/)).toBeInTheDocument();
  });

  it('shows a company CNPJ (alphanumeric) and no birth date', async () => {
    await renderPage(ProfilePage, {
      path: '/profile',
      user: makeUser({ person_type: 'COMPANY', cpf: undefined, cnpj: '12ABC34501DE35', birth_date: null }),
    });
    expect(await screen.findByText('12.ABC.345/01DE-35')).toBeInTheDocument();
    expect(screen.queryByText('Data de nascimento')).toBeNull();
  });

  it('edits name, phone, birth date and address, then shows the saved user', async () => {
    const saved = makeUser({
      name: 'Ana Lima',
      phone: '11912345678',
      address: { ...makeUser().address, city: 'Olinda', zip_code: '53020140' },
    });
    vi.mocked(updateProfile).mockResolvedValue(saved);
    const { actor } = await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    expect(field(/^Nome/).value).toBe('Ana Souza');
    expect(field(/Telefone/).value).toBe('(81) 98765-4321');
    expect(field(/^CEP/).value).toBe('50030-230');
    expect(field(/Data de nascimento/).value).toBe('15/04/1990');
    type(/^Nome/, 'Ana Lima');
    expect(type(/Telefone/, '11912345678').value).toBe('(11) 91234-5678');
    expect(type(/^CEP/, '53020140').value).toBe('53020-140');
    type(/Cidade/, 'Olinda');
    fireEvent.change(screen.getByLabelText(/Estado/), { target: { value: 'PE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(updateProfile).toHaveBeenCalled());
    expect(updateProfile).toHaveBeenCalledWith({
      name: 'Ana Lima',
      phone: '11912345678',
      birth_date: '1990-04-15',
      address: {
        country: 'Brasil',
        zip_code: '53020140',
        state: 'PE',
        city: 'Olinda',
        neighborhood: 'Boa Vista',
        street_address: 'Rua da Aurora',
        complement: '',
        house_number: '100',
      },
    });
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Perfil atualizado.');
    expect(actor.getSnapshot().context.user?.name).toBe('Ana Lima');
  });

  it('looks the CEP up like the checkout (once per complete CEP) and fills the state; a CEP without a state is not saved', async () => {
    const user = makeUser({ address: { ...makeUser().address, zip_code: '', state: '', city: '' } });
    await renderPage(ProfilePage, { path: '/profile', user });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    type(/^CEP/, '5302');
    type(/^CEP/, '53020140');
    type(/^CEP/, '53020-140');
    await waitFor(() => expect((screen.getByLabelText(/Estado/) as HTMLSelectElement).value).toBe('PE'));
    expect(addressesApi.lookupCep).toHaveBeenCalledTimes(1);
    expect(addressesApi.lookupCep).toHaveBeenCalledWith('53020140');

    fireEvent.change(screen.getByLabelText(/Estado/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha o estado (UF) do endereço')).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('an unknown CEP says so under the field', async () => {
    vi.mocked(addressesApi.lookupCep).mockRejectedValue(
      new ApiRequestError({ status: 404, code: 'cep.not_found', messages: ['CEP não encontrado'] }),
    );
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    type(/^CEP/, '99999999');
    expect(await screen.findByText('CEP não encontrado')).toBeInTheDocument();
  });

  it('shows translated contract errors and focuses the first invalid field', async () => {
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    type(/^Nome/, '');
    type(/^CEP/, '123');
    type(/^Número/, 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('CEP inválido')).toBeInTheDocument();
    expect(screen.getByText('Número inválido')).toBeInTheDocument();
    const name = field(/^Nome/);
    expect(name.getAttribute('aria-describedby')).toContain(document.querySelector('[role="alert"]')?.id ?? 'missing');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('keeps the form open with the error when saving fails', async () => {
    vi.mocked(updateProfile).mockRejectedValue(
      new ApiRequestError({ status: 400, code: 'validation.failed', messages: ['Telefone inválido'] }),
    );
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Telefone inválido', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
  });

  it('closes an untouched form at once', async () => {
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before discarding changes: keep editing, or discard and see the saved data', async () => {
    await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    type(/^Nome/, 'Outro Nome');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field(/^Nome/).value).toBe('Outro Nome');

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it("'Sair' ends the session and goes home", async () => {
    const { spies } = await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
    expect(spies.revokeSession).toHaveBeenCalled();
    expect(spies.broadcastSignedOut).toHaveBeenCalled();
  });

  it('goes home when another tab signs out', async () => {
    const { actor } = await renderPage(ProfilePage, { path: '/profile', user: makeUser() });
    await screen.findByText('Ana Souza');
    actor.send({ type: 'auth.remoteSignedOut' });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
  });
});
