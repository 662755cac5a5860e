import { Trans, useLingui } from '@lingui/react/macro';
import type { PlatformTotals } from '../../../contracts';
import { formatMoney, formatNumber } from '../../app';
import * as s from './home.css';

/** What everyone has given through Semear so far: raised, donations and donors. */
export function PlatformTotalsBand({ totals }: { totals: PlatformTotals }) {
  const { t } = useLingui();
  return (
    <section className={s.totals} aria-label={t`A Semear em números`}>
      <dl className={s.totalsList}>
        <div className={s.total}>
          <dt className={s.totalLabel}>
            <Trans>arrecadados</Trans>
          </dt>
          <dd className={s.totalValue}>{formatMoney(totals.raised)}</dd>
        </div>
        <div className={s.total}>
          <dt className={s.totalLabel}>
            <Trans>doações</Trans>
          </dt>
          <dd className={s.totalValue}>{formatNumber(totals.donations)}</dd>
        </div>
        <div className={s.total}>
          <dt className={s.totalLabel}>
            <Trans>doadores</Trans>
          </dt>
          <dd className={s.totalValue}>{formatNumber(totals.donors)}</dd>
        </div>
      </dl>
    </section>
  );
}
