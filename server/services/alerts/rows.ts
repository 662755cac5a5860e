/** The rows of a raw `db.execute`: node-postgres answers `{ rows }`, PGlite through drizzle the same, some drivers an array. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
