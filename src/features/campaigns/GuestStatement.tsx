import { Trans } from '@lingui/react/macro';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { Button, Card, Stack } from '../../ui';
import { useMailGuestStatement } from './guest-statement-provider';
import * as s from './campaigns.css';

/**
 * A guest's receipt (docs/privacy.md, "Statement delivery"): the year's statement of their gifts made without an
 * account goes to the e-mail of this donation, never onto this page, since the receipt proves who gave this
 * donation but not who owns the address it names.
 */
export function GuestStatement({ donationId, receiptToken, year }: { donationId: string; receiptToken: string; year: number }) {
  const { view, submit } = useMailGuestStatement(donationId, receiptToken);
  return (
    <Card>
      <Stack gap="3">
        <h2 className={s.amountLegend}>
          <Trans id="receipt.guestStatement.title">Comprovante do ano</Trans>
        </h2>
        <p className={s.meta}>
          <Trans id="receipt.guestStatement.intro">
            Receba por e-mail o comprovante de {year}: todas as doações feitas sem conta com o e-mail desta doação, com o total e um PDF com
            código de verificação.
          </Trans>
        </p>
        {view.succeeded ? (
          <p className={s.meta} role="status">
            <Trans id="receipt.guestStatement.sent">Enviamos o comprovante de {year} para o e-mail desta doação.</Trans>
          </p>
        ) : (
          <div>
            <Button type="button" variant="secondary" loading={view.submitting} onClick={() => submit({})}>
              <Trans id="receipt.guestStatement.action">Receber o comprovante por e-mail</Trans>
            </Button>
          </div>
        )}
        <FailureAlert failure={view.failure} />
      </Stack>
    </Card>
  );
}
