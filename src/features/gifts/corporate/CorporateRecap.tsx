import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyLogo, CorporateGiftCardDesign, CorporateShipping } from '../../../../contracts';
import { formatMoney, formatNumber } from '../../../app/format';
import { ShippingText } from '../ShippingText';
import { templateLooks } from '../templates';
import * as s from '../gifts.css';

export interface CorporateRecapProps {
  design: CorporateGiftCardDesign;
  count: number;
  /** null: codes the company hands out. */
  shipping: CorporateShipping | null;
  logo: CompanyLogo | null;
}

/** What a company is buying: the review before paying and the checkout's summary say it the same way. */
export function CorporateRecap({ design, count, shipping, logo }: CorporateRecapProps) {
  const { i18n } = useLingui();
  const quantity = formatNumber(count);
  const each = formatMoney(design.value);
  const template = i18n._(templateLooks[design.template].name);
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
      <dt className={s.term}>
        <Trans>Total</Trans>
      </dt>
      <dd className={s.definition}>{formatMoney(design.value * count)}</dd>
      <dt className={s.term}>
        <Trans>Envio</Trans>
      </dt>
      <dd className={s.definition}>
        {shipping ? <ShippingText shipping={shipping} /> : <Trans>Códigos para a empresa entregar (CSV e PDF)</Trans>}
      </dd>
      <dt className={s.term}>
        <Trans>Logo</Trans>
      </dt>
      <dd className={s.definition}>{logo ? <Trans>Sim, nos cartões, e-mails e PDF</Trans> : <Trans>Sem logo</Trans>}</dd>
    </dl>
  );
}
