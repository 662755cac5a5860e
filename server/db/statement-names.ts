import pg from 'pg';

/** At most this many statements get a name (per pool, so per connection too); the rest run unnamed. */
const MAX_NAMED = 2000;
/** Longer texts are one-off builds (an export's long IN list): not worth a slot. */
const MAX_TEXT = 8192;

/**
 * Names for statements, so each pooled connection parses and plans a statement once and then only binds
 * and executes it (PostgreSQL's extended protocol; what `pgbench -M prepared` measures). node-postgres
 * prepares a query only when it carries a name, and drizzle names none, so the same text gets the same
 * name here. Bounded: hot statements claim their names early, anything past the bound runs unnamed as before.
 */
export function createStatementNames(limit = MAX_NAMED) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= limit || text.length > MAX_TEXT) return undefined;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type QueryConfig = pg.QueryConfig & { submit?: unknown };

/**
 * Values node-postgres converts without calling out to user code (drizzle has already turned JSON and
 * dates into text). Anything else runs unnamed: pg answers a value it cannot convert by closing the
 * statement being bound, which for a named one would leave this connection believing it still exists.
 */
function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (value instanceof Date || Buffer.isBuffer(value)) return true;
  return Array.isArray(value) && value.every(isPlain);
}

/**
 * A pg Client that runs drizzle's parameterised statements as named prepared statements. Only those with
 * values: a text without them may hold several statements (migrations), which a prepared statement cannot.
 */
export function preparingClient(nameOf: (text: string) => string | undefined): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // pg's overloads are many; every form passes through untouched except the one drizzle uses.
    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfig | string, unknown[] | undefined];
      if (typeof config === 'object' && config && !config.name && typeof config.submit !== 'function' && values?.length) {
        const name = values.every(isPlain) ? nameOf(config.text) : undefined;
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}
