import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { Card, Container, PageHeader, Spinner, Stack } from '../../ui';
import { useConfirmGuestDeletion } from './guest-deletion-provider';
import * as s from './campaigns.css';

/** /excluir-dados?token=…: the link a guest's deletion request mailed; opening it erases, once. */
export function ConfirmGuestDeletionPage() {
  const { t } = useLingui();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const token = new URLSearchParams(searchStr).get('token')?.trim() ?? '';
  const { view, submit } = useConfirmGuestDeletion();
  useEffect(() => {
    if (token) submit({ token });
    // Once per link: the machine ignores a second submission while the first runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader title={t({ id: 'guestDeletion.title', message: 'Exclusão dos seus dados' })} />
        <Card>
          {view.succeeded ? (
            <p className={s.meta} role="status">
              <Trans id="guestDeletion.done">
                Pronto: seus dados pessoais foram apagados das doações feitas sem conta com este e-mail. Os valores e as datas continuam
                registrados, sem o seu nome, pelo prazo da lei fiscal.
              </Trans>
            </p>
          ) : view.failure || !token ? (
            <Stack gap="3">
              {token ? (
                <FailureAlert failure={view.failure} />
              ) : (
                <p className={s.meta} role="alert">
                  <Trans id="guestDeletion.noToken">Este link de exclusão está incompleto. Abra o link do e-mail de novo.</Trans>
                </p>
              )}
              <Link to="/">
                <Trans id="guestDeletion.home">Voltar ao início</Trans>
              </Link>
            </Stack>
          ) : (
            <Spinner label={t({ id: 'guestDeletion.working', message: 'Apagando seus dados…' })} />
          )}
        </Card>
      </Stack>
    </Container>
  );
}
