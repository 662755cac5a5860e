import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '../../../contracts';
import type { CheckoutCampaign } from '../../../machines/checkout/checkout.machine';
import { formatMoney } from '../../app';
import { PAYMENT_METHOD_LABELS } from '../../app/payment-methods';
import { Card, Stack } from '../../ui';
import type { GivingFrequency } from './frequency';
import * as s from './checkout.css';

interface Props {
  campaign: CheckoutCampaign | null;
  amount: number | null;
  method: PaymentMethod | null;
  donorName: string | null;
  anonymous: boolean;
  /** 'monthly': titled "Doação mensal", the amount read per month. */
  frequency?: GivingFrequency;
  /** Overrides the campaign's title (what gift cards are bought). */
  title?: string;
}

/** What the donor is about to give, always in sight (reads the machine's context, not a step). */
export function SummaryPanel({ campaign, amount, method, donorName, anonymous, frequency = 'once', title }: Props) {
  const { t, i18n } = useLingui();
  const monthly = frequency === 'monthly';
  const perMonth = (cents: number) => {
    const value = formatMoney(cents);
    return t`${value} por mês`;
  };
  return (
    <Card aria-label={frequency === 'gift_card' ? t`Resumo do pedido` : t`Resumo da doação`} role="region">
      <Stack gap="4">
        {campaign?.cover_url ? <img className={s.cover} src={campaign.cover_url} alt="" width={320} height={180} /> : null}
        <h2 className={s.stepHeading}>
          {title ?? (monthly ? <Trans>Doação mensal</Trans> : campaign ? campaign.title : <Trans>Fundo geral Semear</Trans>)}
        </h2>
        <p className={s.bigAmount} data-testid="summary-amount">
          {amount === null ? '—' : monthly ? perMonth(amount) : formatMoney(amount)}
        </p>
        <dl className={s.summaryList}>
          <dt className={s.term}>
            <Trans>Pagamento</Trans>
          </dt>
          <dd className={s.definition}>{method ? i18n._(PAYMENT_METHOD_LABELS[method]) : '—'}</dd>
          {donorName ? (
            <>
              <dt className={s.term}>{frequency === 'gift_card' ? <Trans>Comprador</Trans> : <Trans>Doador</Trans>}</dt>
              <dd className={s.definition}>{anonymous ? <Trans>{donorName} (anônimo na lista)</Trans> : donorName}</dd>
            </>
          ) : null}
        </dl>
      </Stack>
    </Card>
  );
}
