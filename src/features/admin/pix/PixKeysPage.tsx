import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PIX_KEY_TYPES, type PixKey, type PixKeyType } from '../../../../contracts/admin-pix';
import { createApprovalsMachine } from '../../../../machines/admin/approvals.machine';
import { useListMachineView } from '../../../app/list-machine-view';
import { adminPixApi } from '../../../lib/api/admin-pix';
import { Button, Card, Form, FormActions, Select, TextField } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { ChangeList } from './ChangeList';

const TYPE_LABELS: Record<PixKeyType, MessageDescriptor> = {
  cpf: msg`CPF`,
  cnpj: msg`CNPJ`,
  email: msg`E-mail`,
  phone: msg`Telefone (+55)`,
  evp: msg`Chave aleatória`,
};

const pixKeysMachine = createApprovalsMachine<PixKey>();

/** /admin/pix-keys: the key each campaign (or the general fund) receives on; a new one needs a second admin. */
export function PixKeysPage() {
  const { t, i18n } = useLingui();
  const [view, send] = useListMachineView(pixKeysMachine, { load: () => adminPixApi.keys(), run: adminPixApi.runKey });
  const [campaign, setCampaign] = useState('');
  const [type, setType] = useState<PixKeyType>('cnpj');
  const [key, setKey] = useState('');
  return (
    <AdminPage path="/admin/pix-keys">
      <Card>
        <Form
          aria-label={t`Nova chave PIX`}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'command.sent', command: { type: 'request', input: { campaign: campaign.trim() || null, type, key } } });
          }}
        >
          <TextField
            label={t`Campanha (endereço; em branco: fundo geral)`}
            value={campaign}
            onChange={(e) => setCampaign(e.target.value)}
          />
          <Select
            label={t`Tipo da chave`}
            value={type}
            options={PIX_KEY_TYPES.map((v) => ({ value: v, label: i18n._(TYPE_LABELS[v]) }))}
            onChange={(e) => setType(e.target.value as PixKeyType)}
          />
          <TextField label={t`Chave`} value={key} onChange={(e) => setKey(e.target.value)} required />
          <FormActions>
            <Button type="submit" disabled={view.busy}>
              <Trans>Pedir a troca da chave</Trans>
            </Button>
          </FormActions>
        </Form>
      </Card>
      <ChangeList
        view={view}
        send={send}
        label={t`Chaves PIX`}
        describe={(item) => (
          <>
            <strong>{item.key}</strong> ({i18n._(TYPE_LABELS[item.type])}) · {item.campaign?.title ?? t`Fundo geral`}
          </>
        )}
      />
    </AdminPage>
  );
}
