import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyLogo, GiftCardShipping, GiftCardTemplate } from '../../../contracts';
import { formatMoney, formatNumber } from '../../app/format';
import { ShippingText } from './ShippingText';
import { templateLooks } from './templates';
import * as s from './gifts.css';

export interface OrderRecapProps {
  value: number;
  count: number;
  template: GiftCardTemplate;
  /** null: codes the company hands out. */
  shipping: GiftCardShipping | null;
  /** Who receives the cards sent by e-mail (a personal order's). */
  recipients?: readonly string[];
  /** A company's batch: its logo, or none (the line is left out for a personal order). */
  logo?: CompanyLogo | null;
  /** Show the total here (the checkout's summary panel shows it beside a personal order). */
  withTotal?: boolean;
}

/** What is being bought, said the same way on a definition's review and in both gift-card checkouts. */
export function OrderRecap({ value, count, template: design, shipping, recipients = [], logo, withTotal = false }: OrderRecapProps) {
  const { i18n } = useLingui();
  const quantity = formatNumber(count);
  const each = formatMoney(value);
  const template = i18n._(templateLooks[design].name);
  return (
    <dl className={s.summary}>
      <dt className={s.term}>
        <Trans>Cartões</Trans>
      </dt>
      <dd className={s.definition}>
        <Trans>
          {quantity} × {each}, modelo {template}
        </Trans>
      </dd>
      {withTotal ? (
        <>
          <dt className={s.term}>
            <Trans>Total</Trans>
          </dt>
          <dd className={s.definition}>{formatMoney(value * count)}</dd>
        </>
      ) : null}
      <dt className={s.term}>
        <Trans>Envio</Trans>
      </dt>
      <dd className={s.definition}>
        {shipping ? <ShippingText shipping={shipping} /> : <Trans>Códigos para a empresa entregar (CSV e PDF)</Trans>}
      </dd>
      {recipients.length > 0 ? (
        <>
          <dt className={s.term}>
            <Trans>Para</Trans>
          </dt>
          <dd className={s.definition}>{recipients.join(', ')}</dd>
        </>
      ) : null}
      {logo !== undefined ? (
        <>
          <dt className={s.term}>
            <Trans>Logo</Trans>
          </dt>
          <dd className={s.definition}>{logo ? <Trans>Sim, nos cartões, e-mails e PDF</Trans> : <Trans>Sem logo</Trans>}</dd>
        </>
      ) : null}
    </dl>
  );
}
