import type { ReactNode } from 'react';
import { TableScroll } from '../../ui';
import * as s from './taxonomy/taxonomy.css';

/**
 * The admin's list table (campaigns, team history, the DPO's requests): a sideways-scrolling box named
 * `label`, one header cell per column, and the page's own rows.
 */
export function DataTable({
  label,
  tableLabel,
  columns,
  children,
}: {
  label: string;
  /** The table's own name, where a page gives it one besides its scroll box's. */
  tableLabel?: string;
  columns: ReactNode[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={s.table} aria-label={tableLabel}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Links to the page before and after, a page of `pageSize` at a time counted from 0, kept in the URL:
 * `link` draws the route's own typed link to a page.
 */
export function Pager({
  page,
  total,
  pageSize,
  previous,
  next,
  link,
}: {
  page: number;
  total: number;
  pageSize: number;
  previous: ReactNode;
  next: ReactNode;
  link: (page: number, label: ReactNode) => ReactNode;
}) {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <div className={s.actions}>
      {page > 0 ? link(page - 1, previous) : null}
      {page < last ? link(page + 1, next) : null}
    </div>
  );
}
