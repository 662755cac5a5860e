import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './types';

/** A page of an admin list: `amount` rows, counted from page 0. */
export interface PageRequest {
  page: number;
  amount: number;
}

/**
 * One page of a list, newest first or however `list` orders it, and how many rows its filter matches, read
 * together (the audit log, the DPO's requests). `list` is the list's query without limit and offset (its
 * joins must not add rows); the total counts `table`'s rows under the same `where`.
 */
export async function pagedWithTotal<Row>(
  db: Executor,
  list: { limit(amount: number): { offset(skip: number): PromiseLike<Row[]> } },
  total: { table: PgTable; where: SQL | undefined },
  page: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    list.limit(page.amount).offset(page.page * page.amount),
    db.select({ n: count() }).from(total.table).where(total.where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
