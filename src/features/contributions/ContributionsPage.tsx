import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Contribution, ContributionsRouteSearch } from '../../../contracts/contributions';
import { formatDate, formatMoney, formatNumber } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import type { ContributionsPage as ContributionsResult } from '../../lib/api/contributions';
import { Button, buttonClass, Container, PageHeader } from '../../ui';
import { ContributionFilters } from './ContributionFilters';
import { Pagination } from '../../app/navigation/Pagination';
import { methodOf, whatOf } from './contribution-text';
import { STATUS_LABELS } from './labels';
import { ReceiptDialog } from './ReceiptDialog';
import * as s from './contributions.css';

export interface ContributionsPageProps {
  search: ContributionsRouteSearch;
  result: ContributionsResult;
}

/** /profile/contributions: filters in the URL, the donor's giving newest first, each with its receipt. */
export function ContributionsPage({ search, result }: ContributionsPageProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Suas contribuições`);
  const [open, setOpen] = useState<Contribution | null>(null);
  const filtered = Boolean(search.type || search.status || search.period);
  const count = formatNumber(result.total);
  return (
    <Container className={s.page}>
      <PageHeader title={t`Suas contribuições`} lead={t`Todas as suas doações, doações mensais e gift cards, com recibos.`} />
      <ContributionFilters search={search} />
      <p role="status" className={s.meta}>
        <Plural value={result.total} _0="Nenhuma contribuição" one={`${count} contribuição`} other={`${count} contribuições`} />
      </p>
      {result.items.length > 0 ? (
        <ul className={s.list} aria-label={t`Contribuições`}>
          {result.items.map((item) => {
            const what = whatOf(item, i18n);
            return (
              <li key={`${item.type}:${item.id}`} className={s.item}>
                <div>
                  <p className={s.what}>{what}</p>
                  <p className={s.meta}>
                    {formatDate(item.created_at)} · {methodOf(item, i18n)}
                  </p>
                  {item.refunded > 0 && item.status !== 'refunded' ? (
                    <p className={s.meta}>{t`${formatMoney(item.refunded)} devolvidos a você`}</p>
                  ) : null}
                </div>
                <p className={s.amount}>{formatMoney(item.amount)}</p>
                <span className={s.statusChip[item.status]}>{i18n._(STATUS_LABELS[item.status])}</span>
                <div className={s.itemActions}>
                  {item.gift_card_order_id ? (
                    <Link
                      to="/gift-card/agradecimento"
                      search={{ order: item.gift_card_order_id }}
                      className={buttonClass({ variant: 'ghost', size: 'sm' })}
                      aria-label={t`Ver pedido: ${what}, ${formatDate(item.created_at)}`}
                    >
                      <Trans>Ver pedido</Trans>
                    </Link>
                  ) : null}
                  {/* Nothing was paid for one not concluded: there is no receipt to show. */}
                  {item.status === 'failed' ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t`Ver recibo: ${what}, ${formatDate(item.created_at)}`}
                      onClick={() => setOpen(item)}
                    >
                      <Trans>Ver recibo</Trans>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={s.empty}>
          {filtered || (search.page ?? 0) > 0 ? (
            <>
              <p className={s.what}>
                <Trans>Nenhuma contribuição com esses filtros.</Trans>
              </p>
              <Link to="/profile/contributions" search={{}} className={buttonClass({ variant: 'secondary' })}>
                <Trans>Ver todas as contribuições</Trans>
              </Link>
            </>
          ) : (
            <>
              <p className={s.what}>
                <Trans>Você ainda não fez nenhuma contribuição.</Trans>
              </p>
              <p className={s.meta}>
                <Trans>Escolha uma causa e doe em um minuto. Cada doação aparece aqui com o recibo.</Trans>
              </p>
              <Link to="/search" className={buttonClass()}>
                <Trans>Encontrar uma causa</Trans>
              </Link>
            </>
          )}
        </div>
      )}
      <Pagination page={result.page} total={result.total} amount={result.amount} />
      <ReceiptDialog item={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
