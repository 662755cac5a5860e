import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/types';

/**
 * Rows of a raw SQL query. Both drivers (PGlite, node-postgres) answer `{ rows }`, but the driver-
 * neutral Database type cannot say so; the row shape is the query's promise.
 */
export async function selectRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
