import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_QUERY_TEXT, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { tracer } from './tracing';

/** Enough of a statement to recognise it; a long IN list or a migration is cut. */
const MAX_TEXT = 300;

/**
 * What a span may say of a statement: its text with any literal blanked (drizzle sends values as
 * parameters, which never reach a span; a hand-written literal is dropped too), cut to MAX_TEXT.
 */
export function statementText(text: string): string {
  const bare = text
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\s+/g, ' ')
    .trim();
  return bare.length > MAX_TEXT ? `${bare.slice(0, MAX_TEXT)}…` : bare;
}

/** A statement's child span of whatever is active (the request, a job), ended when it answers. */
export function tracedStatement<T>(text: unknown, run: () => Promise<T>): Promise<T> {
  const sqlText = typeof text === 'string' ? text : ((text as { text?: unknown } | null)?.text ?? '');
  const shown = statementText(String(sqlText));
  const operation = (/^\s*([a-z]+)/i.exec(shown)?.[1] ?? 'query').toUpperCase();
  const span = tracer().startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { [ATTR_DB_SYSTEM_NAME]: 'postgresql', [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_QUERY_TEXT]: shown },
  });
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      // The error's class only: PostgreSQL's messages quote the values that broke a constraint.
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      span.end();
      throw error;
    },
  );
}

type Queries = Pick<Transaction, 'query' | 'exec'>;

function traceQueries(target: Queries): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) =>
    tracedStatement(text, () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as Queries['query'];
  target.exec = ((text: string, ...rest: unknown[]) =>
    tracedStatement(text, () => (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as Queries['exec'];
}

/** PGlite: drizzle's statements go through `query`, a transaction's through its own `tx.query`. */
export function tracePglite(client: PGlite): void {
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      traceQueries(tx);
      return work(tx);
    })) as PGlite['transaction'];
}

/** node-postgres: every statement of a pooled connection, in a transaction or not. */
export function tracedClient(Base: typeof pg.Client): typeof pg.Client {
  return class TracedClient extends Base {
    override query(...args: unknown[]): never {
      const run = () => (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
      // A callback or a Submittable (pg-boss uses neither): passed through unspanned.
      const last = args.at(-1);
      const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
      if (typeof last === 'function' || submittable) return run() as never;
      return tracedStatement(args[0], run) as never;
    }
  };
}

/**
 * pg's `pool.query` runs its statement in the callback of a connection freed by someone else's request,
 * whose trace it would join. Checked out with `await` instead, the statement keeps its caller's trace.
 * pg-pool's own error rule is kept: a connection that failed a statement is closed, not reused.
 */
export function tracedPoolQuery(pool: pg.Pool): void {
  pool.query = (async (...args: unknown[]) => {
    const client = await pool.connect();
    try {
      const result: unknown = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }) as pg.Pool['query'];
}
