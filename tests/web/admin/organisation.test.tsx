import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataRequest, OrganisationProfileData } from '../../../contracts/organisation';
import { OrganisationForm } from '../../../src/features/admin/organisation/OrganisationForm';
import { PrivacyPage } from '../../../src/features/admin/privacy/PrivacyPage';
import { DpoContact } from '../../../src/features/pages/DpoContact';
import { ApiRequestError } from '../../../src/lib/http/api-error';
import { renderPage } from '../features/harness';

/** The organisation's form (issue 50, item 1), the DPO's contact on the privacy policy and the DPO's page (item 6). */

const empty: OrganisationProfileData = {
  legal_name: '',
  cnpj: '',
  address: { country: '', zip_code: '', state: '', city: '', neighborhood: '', street_address: '', complement: '', house_number: '' },
  representative_name: '',
  representative_role: '',
  deduction_title: 'none',
  deduction_title_number: '',
  deduction_title_date: null,
  dpo_contact: '',
  may_issue_deduction_declarations: false,
  updated_at: null,
};
const saved: OrganisationProfileData = { ...empty, legal_name: 'Instituto Raízes', updated_at: '2026-11-30T12:00:00.000Z' };

async function openForm(save = vi.fn().mockResolvedValue(saved), onSaved = vi.fn()) {
  await renderPage(() => <OrganisationForm profile={empty} onSaved={onSaved} save={save} lookupCep={() => new Promise(() => {})} />, {
    path: '/admin/organization',
  });
  const form = await screen.findByRole('form', { name: 'Dados da organização' });
  // By the fields' names: a label lookup computes every element's accessible name, seconds on a form this long in jsdom.
  const field = (name: string) => form.querySelector(`[name="${name}"]`) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  return { form, field, type, save, onSaved };
}

function fillValid(type: (name: string, value: string) => void) {
  type('legal_name', 'Instituto Raízes');
  type('cnpj', '12abc34501de35');
  type('address.zip_code', '70040010');
  type('address.state', 'DF');
  type('address.city', 'Brasília');
  type('address.street_address', 'SBN Quadra 2');
  type('address.house_number', '10');
  type('representative_name', 'Joana Prado');
  type('representative_role', 'Presidente');
  type('dpo_contact', 'Caio Nunes\ndpo@raizes.org.br');
}

describe('the organisation form', () => {
  it('masks an alphanumeric CNPJ as typed and sends it without the mask, with the title cleared when there is none', async () => {
    const { form, field, type, save, onSaved } = await openForm();
    fillValid(type);
    expect(field('cnpj')).toHaveValue('12.ABC.345/01DE-35');
    expect(field('cnpj')).toHaveAccessibleName(/CNPJ/);
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      cnpj: '12ABC34501DE35',
      address: { zip_code: '70040010', state: 'DF' },
      deduction_title: 'none',
      deduction_title_number: '',
      deduction_title_date: null,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('refuses a wrong CNPJ check digit, and a title without its number and date, before sending anything', async () => {
    const { form, type, save } = await openForm();
    fillValid(type);
    type('cnpj', '12ABC34501DE36');
    type('deduction_title', 'oscip');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('CNPJ inválido')).toBeInTheDocument();
    expect(within(form).getByText(/Informe o número do título/)).toBeInTheDocument();
    expect(within(form).getByText('Informe a data do título.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("says the server's refusal in the form", async () => {
    const refusal = new ApiRequestError({ status: 403, code: 'forbidden', messages: ['Você não tem permissão para fazer isso.'] });
    const { form, type } = await openForm(vi.fn().mockRejectedValue(refusal));
    fillValid(type);
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Você não tem permissão para fazer isso.');
  });
});

describe("the DPO's contact on the privacy policy", () => {
  it('names the controller with its masked CNPJ and keeps the contact lines', async () => {
    await renderPage(
      () => (
        <DpoContact
          organisation={{ legal_name: 'Instituto Raízes', cnpj: '12ABC34501DE35', dpo_contact: 'Caio Nunes\ndpo@raizes.org.br' }}
        />
      ),
      { path: '/privacidade' },
    );
    const box = await screen.findByRole('region', { name: 'Encarregado de proteção de dados (DPO)' });
    expect(box).toHaveTextContent('Controladora: Instituto Raízes, CNPJ 12.ABC.345/01DE-35.');
    expect(box).toHaveTextContent('dpo@raizes.org.br');
  });
});

describe("the DPO's page", () => {
  const request = (over: Partial<DataRequest>): DataRequest => ({
    id: crypto.randomUUID(),
    kind: 'export',
    requester: { type: 'account', user_id: crypto.randomUUID(), email: 'ana@example.com' },
    status: 'ready',
    requested_at: '2026-11-29T12:00:00.000Z',
    completed_at: null,
    expires_at: '2026-12-06T12:00:00.000Z',
    outcome: null,
    ...over,
  });

  it('lists each request with its requester as the DPO may see them, and the retention rules', async () => {
    const requests = [
      request({}),
      request({
        kind: 'deletion',
        requester: { type: 'removed', user_id: crypto.randomUUID(), email: null },
        status: 'completed',
        outcome: { users: 1 },
      }),
      request({ kind: 'deletion', requester: { type: 'guest', user_id: null, email: null }, status: 'awaiting_confirmation' }),
    ];
    await renderPage(() => <PrivacyPage data={{ requests, total: 3 }} filter={{}} />, { path: '/admin/privacy' });
    // The section and its scrolling box are both regions of that name: the table is the section's first.
    const [table, retention] = (await screen.findAllByRole('table')) as [HTMLElement, HTMLElement];
    expect(table.closest('section')).toHaveAccessibleName('Pedidos dos titulares');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Cópia dos dados');
    expect(rows[0]).toHaveTextContent('ana@example.com');
    expect(rows[0]).toHaveTextContent('Pronto para baixar');
    expect(rows[1]).toHaveTextContent('Doador removido');
    expect(rows[1]).toHaveTextContent('users: 1');
    expect(rows[2]).toHaveTextContent('Convidado (sem conta)');
    expect(rows[2]).toHaveTextContent('Aguardando confirmação por e-mail');
    expect(retention.closest('section')).toHaveAccessibleName('Por quanto tempo guardamos cada dado');
    expect(
      within(retention)
        .getByRole('rowheader', { name: /Doações, pagamentos/ })
        .closest('tr'),
    ).toHaveTextContent('CTN, arts. 173 e 195');
    expect(
      within(retention)
        .getByRole('rowheader', { name: /Cópia dos dados pedida/ })
        .closest('tr'),
    ).toHaveTextContent('7 dias');
  });
});
