import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { newCampaignMachine } from '../../../../machines/admin/new-campaign.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminCampaignsApi } from '../../../lib/api/admin-campaigns';
import { Button, Card, Form, FormActions, FormError, TextField } from '../../../ui';
import { AdminPage } from '../AdminPage';

/** /admin/campaigns/new: the title first; the campaign is a draft from then on, in the editor. */
export function NewCampaignPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    newCampaignMachine.provide({
      actors: { create: fromPromise(async ({ input }) => ({ slug: (await adminCampaignsApi.create(input.title)).live_slug })) },
      actions: { opened: (_, { slug }) => void navigate({ to: '/admin/campaigns/edit', search: { slug } }) },
    }),
  );
  const [view, send] = useMachineView(machine, (s) => ({
    creating: !s.hasTag('state:idle'),
    problem: s.context.problem,
    failure: s.context.failure,
  }));
  const [title, setTitle] = useState('');
  return (
    <AdminPage path="/admin/campaigns/new">
      <Card>
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'title.submitted', title });
          }}
        >
          <TextField
            label={t`Título da campanha`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={view.problem ? i18n._(view.problem) : undefined}
            hint={t`Você poderá mudar depois. O endereço da campanha sai do título.`}
            required
          />
          {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
          <FormActions>
            <Button type="submit" disabled={view.creating}>
              {view.creating ? <Trans>Criando…</Trans> : <Trans>Criar rascunho</Trans>}
            </Button>
          </FormActions>
        </Form>
      </Card>
    </AdminPage>
  );
}
