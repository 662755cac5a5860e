import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { OrganisationProfileData } from '../../../../contracts/organisation';
import { formatDateTime } from '../../../app';
import { Card, Notice } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { OrganisationForm } from './OrganisationForm';

/**
 * /admin/organization (MANAGE_TEAM): the legal data every statement and declaration prints, and the DPO's
 * contact the privacy policy shows. `profile` is null when it could not be read.
 */
export function OrganisationPage({ profile }: { profile: OrganisationProfileData | null }) {
  const [current, setCurrent] = useState(profile);
  const changedAt = current?.updated_at ? formatDateTime(current.updated_at) : null;
  return (
    <AdminPage path="/admin/organization">
      {current === null ? (
        <Notice tone="error">
          <Trans>Não conseguimos carregar os dados da organização agora. Recarregue a página para tentar de novo.</Trans>
        </Notice>
      ) : (
        <>
          <Notice tone={current.may_issue_deduction_declarations ? 'info' : 'warning'}>
            {current.may_issue_deduction_declarations ? (
              <Trans>Empresas que doarem recebem a declaração para dedução (Lei 9.249/1995, art. 13).</Trans>
            ) : (
              <Trans>
                Declarações para dedução não são emitidas: elas pedem um título (OSCIP ou utilidade pública), com número e data, além da
                razão social, do CNPJ e do representante.
              </Trans>
            )}{' '}
            {changedAt ? <Trans>Última alteração em {changedAt}.</Trans> : null}
          </Notice>
          <Card>
            <OrganisationForm key={current.updated_at ?? 'new'} profile={current} onSaved={setCurrent} />
          </Card>
        </>
      )}
    </AdminPage>
  );
}
