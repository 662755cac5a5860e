import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatNumber } from '../format';
import * as s from './pagination.css';

/**
 * Previous / next page links for a list whose page lives in the URL (?page=, from 0 like the API), so
 * reload, back and a shared link keep it (the filters in the search stay). Renders nothing when
 * everything fits on one page. Campaign lists, search and the contributions history use it.
 */
export function Pagination({ page, total, amount }: { page: number; total: number; amount: number }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / amount));
  if (pages <= 1 && page === 0) return null;
  const current = formatNumber(page + 1);
  const last = formatNumber(pages);
  const to = (target: number) => ({
    to: '.' as const,
    search: (prev: Record<string, unknown>) => ({ ...prev, page: target > 0 ? target : undefined }),
  });
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
