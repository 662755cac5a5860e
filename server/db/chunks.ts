/**
 * Rows per statement for bulk writes: PostgreSQL's protocol takes at most 65,535 parameters per
 * statement, and 1,000 rows of up to 15 columns stay well under it (a batch of 10,000 gift cards).
 */
export const ROWS_PER_STATEMENT = 1_000;

export function chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
