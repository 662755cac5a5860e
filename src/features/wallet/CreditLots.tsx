import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { WalletLot } from '../../../contracts';
import { formatDate, formatMoney } from '../../app/format';
import { Card } from '../../ui';
import { originLabels } from './wallet-labels';
import * as s from './wallet.css';

/** The credit lots: origin, what is left of what came in, and when it expires (spent first). */
export function CreditLots({ lots }: { lots: WalletLot[] }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <h2 className={s.sectionTitle}>
        <Trans>Seus créditos</Trans>
      </h2>
      {lots.length === 0 ? (
        <p className={s.muted}>
          <Trans>
            Você ainda não tem créditos. Eles chegam com a <Link to="/doacao-mensal">doação mensal</Link> ou com um gift card.
          </Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {lots.map((lot) => {
            const remaining = formatMoney(lot.remaining);
            const amount = formatMoney(lot.amount);
            const expires = formatDate(lot.expires_at);
            return (
              <li key={lot.id} className={s.row}>
                <span className={s.rowMain}>
                  <span className={s.rowTitle}>{i18n._(originLabels[lot.origin])}</span>
                  <span className={s.muted}>
                    <Trans>vence em {expires}</Trans>
                  </span>
                </span>
                <span className={s.amountIn}>
                  <Trans>
                    {remaining} de {amount}
                  </Trans>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
