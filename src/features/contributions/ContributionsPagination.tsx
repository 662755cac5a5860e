import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatNumber } from '../../app/format';
import * as s from './contributions.css';

/** Previous / next links; the page lives in the URL (?page=, from 0 like the API) with the filters. */
export function ContributionsPagination({ page, total, amount }: { page: number; total: number; amount: number }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / amount));
  if (pages <= 1 && page === 0) return null;
  const current = formatNumber(page + 1);
  const last = formatNumber(pages);
  const to = (target: number) => ({ to: '.' as const, search: (prev: Record<string, unknown>) => ({ ...prev, page: target > 0 ? target : undefined }) });
  return (
    <nav className={s.pagination} aria-label={t`Paginação`}>
      {page > 0 ? (
        <Link {...to(Math.min(page - 1, pages - 1))} rel="prev">
          <Trans>Anterior</Trans>
        </Link>
      ) : null}
      <span aria-current="page">
        <Trans>
          Página {current} de {last}
        </Trans>
      </span>
      {page + 1 < pages ? (
        <Link {...to(page + 1)} rel="next">
          <Trans>Próxima</Trans>
        </Link>
      ) : null}
    </nav>
  );
}
