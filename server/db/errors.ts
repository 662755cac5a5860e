/** The SQLSTATE of a PostgreSQL (or PGlite) error, looking through drizzle's wrappers (`cause`), or null. */
export function sqlStateOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** True when PostgreSQL (or PGlite) refused a row for a unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * True when the database refused a value itself (SQLSTATE class 22, data exception): a NUL byte
 * (22021), text that is not a number or uuid (22P02), a string or number too large (22001, 22003), a
 * date out of range (22007, 22008), \u0000 in JSON (22P05). Such a value came from the request.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
