import { Fragment } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Contribution } from '../../../contracts/contributions';
import { formatDate, formatDateTime, formatMoney } from '../../app/format';
import { Button, Dialog } from '../../ui';
import { methodOf, whatOf } from './contribution-text';
import { STATUS_LABELS } from './labels';
import * as s from './contributions.css';

/** The receipt of one contribution; "Imprimir recibo" prints it alone (print styles in contributions.css.ts). */
export function ReceiptDialog({ item, onClose }: { item: Contribution | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  if (!item) return null;
  const { receipt } = item;
  const paid = item.status === 'paid';
  const rows: Array<[string, string]> = [
    [t`Recibo nº`, item.id],
    [paid ? t`Pago em` : t`Data`, formatDateTime(paid ? receipt.paid_at : item.created_at)],
    [t`Valor`, formatMoney(item.amount)],
    [t`Destino`, whatOf(item, i18n)],
    [t`Forma de pagamento`, methodOf(item, i18n)],
    [t`Situação`, i18n._(STATUS_LABELS[item.status])],
    [t`Doador`, receipt.donor_name || '—'],
  ];
  if (receipt.document) rows.push([receipt.document_type === 'cnpj' ? t`CNPJ` : t`CPF`, receipt.document]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Recibo de ${formatDate(item.created_at)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Fechar</Trans>
          </Button>
          {paid ? (
            <Button onClick={() => window.print()}>
              <Trans>Imprimir recibo</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      <div className={s.printable}>
        <p className={s.meta}>
          <Trans>Semear · comprovante de contribuição</Trans>
        </p>
        <dl className={s.receipt}>
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt className={s.receiptTerm}>{term}</dt>
              <dd className={s.receiptValue}>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </Dialog>
  );
}
