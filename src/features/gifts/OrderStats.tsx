import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { GiftCardOrder } from '../../../contracts';
import { formatMoney, formatNumber } from '../../app/format';
import * as s from './gifts.css';

type Money = NonNullable<GiftCardOrder['money']>;
type Stats = NonNullable<GiftCardOrder['stats']>;

/**
 * Where an order's cards and money stand (from the cards and the ledger): issued, e-mailed, redeemed
 * into wallets, given with the codes, expired and donated at expiry, what is still on the cards, and
 * the causes the money reached.
 */
export function OrderStats({ money, stats }: { money: Money; stats: Stats }) {
  const { t } = useLingui();
  const rows: Array<[string, number | null, number | null]> = [
    [t`Emitidos`, stats.issued, money.purchased],
    [t`Enviados por e-mail`, stats.delivered, null],
    [t`E-mails que voltaram (endereço a corrigir)`, stats.bounced, null],
    [t`Com envio agendado`, stats.scheduled, null],
    [t`Guardados em carteiras`, stats.redeemed, money.redeemed],
    [t`Usados em doações com o código`, stats.spent, money.spent],
    [t`Vencidos`, stats.expired, null],
    [t`Doados no vencimento`, stats.donated_on_expiry, money.donated_on_expiry],
    ...(money.reversed > 0 ? [[t`Cancelados com o estorno do pagamento`, null, money.reversed] as [string, null, number]] : []),
    [t`Ainda nos cartões`, null, money.outstanding],
  ];
  return (
    <section aria-label={t`Onde estão os cartões e o valor`} className={s.stack}>
      <table className={s.table}>
        <caption className={s.muted}>
          <Trans>Onde estão os cartões e o valor</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className={s.muted}>
                <Trans>Situação</Trans>
              </span>
            </th>
            <th scope="col">
              <Trans>Cartões</Trans>
            </th>
            <th scope="col">
              <Trans>Valor</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, count, cents]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{count === null ? '—' : formatNumber(count)}</td>
              <td>{cents === null ? '—' : formatMoney(cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stats.causes.length > 0 ? (
        <div>
          <h3 className={s.legend}>
            <Trans>Causas que o valor alcançou</Trans>
          </h3>
          <ul>
            {stats.causes.map((cause) => (
              <li key={cause.slug ?? ''}>
                {cause.slug ? (
                  <Link to="/$slug" params={{ slug: cause.slug }}>
                    {cause.title}
                  </Link>
                ) : (
                  <Trans>Fundo geral da Semear</Trans>
                )}
                : {formatMoney(cause.amount)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
