/**
 * A row as the copy of one's data shows it: every date as its ISO text. The JSON would spell a Date the
 * same way, but the readers' types then say what the file holds, and a reader stays one query long.
 */
export type IsoDated<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export function isoDated<T extends object>(row: T): IsoDated<T> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) copy[key] = value instanceof Date ? value.toISOString() : value;
  return copy as IsoDated<T>;
}

/** The rows of one export query, each through {@link isoDated}. */
export async function rowsWithIsoDates<T extends object>(rows: PromiseLike<T[]>): Promise<Array<IsoDated<T>>> {
  return (await rows).map(isoDated);
}
