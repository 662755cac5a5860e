import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayoutAccount } from '../../../../contracts/admin-pix';
import { createApprovalsMachine } from '../../../../machines/admin/approvals.machine';
import { useListMachineView } from '../../../app/list-machine-view';
import { adminPixApi } from '../../../lib/api/admin-pix';
import { Button, Card, Form, FormActions, Select, TextField } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { BankPicker } from './BankPicker';
import { ChangeList } from './ChangeList';

const payoutAccountsMachine = createApprovalsMachine<PayoutAccount>();

/** /admin/pix-accounts: the bank account that receives the payouts; a new one needs a second admin. */
export function PayoutAccountsPage() {
  const { t } = useLingui();
  const [view, send] = useListMachineView(payoutAccountsMachine, { load: () => adminPixApi.accounts(), run: adminPixApi.runAccount });
  const [form, setForm] = useState({
    bank: '001',
    branch: '',
    account: '',
    digit: '',
    type: 'checking',
    holder_name: '',
    holder_document: '',
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <AdminPage path="/admin/pix-accounts">
      <Card>
        <Form
          aria-label={t`Nova conta para os repasses`}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'command.sent', command: { type: 'request', input: form } });
          }}
        >
          <BankPicker value={form.bank} onChange={(bank) => setForm({ ...form, bank })} />
          <TextField label={t`Agência`} inputMode="numeric" {...field('branch')} required />
          <TextField label={t`Conta`} inputMode="numeric" {...field('account')} required />
          <TextField label={t`Dígito`} {...field('digit')} required />
          <Select
            label={t`Tipo`}
            options={[
              { value: 'checking', label: t`Conta corrente` },
              { value: 'savings', label: t`Poupança` },
              { value: 'payment', label: t`Conta de pagamento` },
            ]}
            {...field('type')}
          />
          <TextField label={t`Titular`} {...field('holder_name')} required />
          <TextField label={t`CPF ou CNPJ do titular`} {...field('holder_document')} required />
          <FormActions>
            <Button type="submit" disabled={view.busy}>
              <Trans>Pedir a troca da conta</Trans>
            </Button>
          </FormActions>
        </Form>
      </Card>
      <ChangeList
        view={view}
        send={send}
        label={t`Contas`}
        describe={(item) => (
          <>
            <strong>
              {item.bank_name} · {item.branch} / {item.account}-{item.digit}
            </strong>{' '}
            · {item.holder_name} ({item.holder_document})
          </>
        )}
      />
    </AdminPage>
  );
}
