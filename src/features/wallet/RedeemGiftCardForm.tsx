import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { giftCardRedemptionSchema, type GiftCardRedeemed } from '../../../contracts';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { useFieldError } from '../../app/forms/use-field-error';
import { Button, Card, Form, FormActions, TextField } from '../../ui';
import { useRedeemGiftCard } from './redeem-gift-card-provider';
import * as s from './wallet.css';

/**
 * "Resgatar gift card": the code a card's e-mail or PDF brings becomes credit in this wallet, valid
 * until the card's own expiry. `code` comes from the e-mail's button (/profile/wallet?code=…). A
 * redeemed card's form stays locked: the page mounts a fresh one for the next card.
 */
export function RedeemGiftCardForm({ code = '', onRedeemed }: { code?: string; onRedeemed: (redeemed: GiftCardRedeemed) => void }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(giftCardRedemptionSchema), defaultValues: { code } });
  const { view, submit } = useRedeemGiftCard(onRedeemed);
  return (
    <Card>
      <h2 className={s.sectionTitle}>
        <Trans>Resgatar gift card</Trans>
      </h2>
      <p className={s.muted}>
        <Trans>O valor do cartão entra na sua carteira e vale até a data de validade do cartão.</Trans>
      </p>
      <Form onSubmit={handleSubmit((values) => submit(values))} aria-label={t`Resgatar gift card`}>
        <TextField
          label={t`Código do gift card`}
          autoComplete="off"
          spellCheck={false}
          required
          error={fieldError(formState.errors.code)}
          {...register('code')}
        />
        <FailureAlert failure={view.failure} />
        <FormActions>
          <Button type="submit" loading={view.submitting}>
            <Trans>Resgatar</Trans>
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
