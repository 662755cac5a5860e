import { Trans } from '@lingui/react/macro';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { Button, Card, Stack } from '../../ui';
import { useRequestGuestDeletion } from './guest-deletion-provider';
import * as s from './campaigns.css';

/**
 * A guest's receipt (docs/privacy.md, "Deleting an account"): asks for the deletion of the personal data of
 * their gifts made without an account. Nothing is erased until the link mailed to the donation's address is
 * opened, so whoever else sees this page cannot erase anything.
 */
export function GuestDataDeletion({ donationId, receiptToken }: { donationId: string; receiptToken: string }) {
  const { view, submit } = useRequestGuestDeletion(donationId, receiptToken);
  return (
    <Card>
      <Stack gap="3">
        <h2 className={s.amountLegend}>
          <Trans id="receipt.guestDeletion.title">Seus dados</Trans>
        </h2>
        <p className={s.meta}>
          <Trans id="receipt.guestDeletion.intro">
            Você pode pedir que o Semear apague seu nome, e-mail, documento, telefone e endereço das doações feitas sem conta com o e-mail
            desta doação. Os valores e as datas ficam registrados, sem o seu nome, pelo prazo da lei fiscal.
          </Trans>
        </p>
        {view.succeeded ? (
          <p className={s.meta} role="status">
            <Trans id="receipt.guestDeletion.sent">
              Enviamos um e-mail para o endereço desta doação. Abra o link nele para confirmar a exclusão dos seus dados.
            </Trans>
          </p>
        ) : (
          <div>
            <Button type="button" variant="secondary" loading={view.submitting} onClick={() => submit({})}>
              <Trans id="receipt.guestDeletion.action">Excluir meus dados</Trans>
            </Button>
          </div>
        )}
        <FailureAlert failure={view.failure} />
      </Stack>
    </Card>
  );
}
