import { is, Param, Placeholder, sql } from 'drizzle-orm';
import type { PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './types';

/** What drizzle's builder leaves behind in the prepared query it makes. */
interface PreparedByDrizzle {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  joinsNotNullableMap: unknown;
}

/** A select, insert, update or delete as drizzle builds it. */
interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> };
}

type Values = Record<string, unknown>;
/** The values a statement takes: any object type, an interface too. */
type SomeValues = object;

/**
 * Where a value goes, written in a builder as if it were the value: typed to fit any column of `.values()`,
 * `.set()` or a condition (drizzle's types allow a placeholder in fewer places than its builders take one).
 */
type ValueOf<V> = (name: keyof V & string) => never;

/** One parameter of the statement: a value fixed when it was built, or where to find it and how to convert it. */
type Slot = { fixed: unknown } | { name: string; toDriver: ((value: unknown) => unknown) | null };

interface Shape {
  text: string;
  slots: Slot[];
  fields: unknown;
  arrayMode: boolean;
  mapper: unknown;
  joins: unknown;
}

/** Only the shape: the prepared query it came from holds the connection it was built on. */
function shapeOf(prepared: PreparedByDrizzle): Shape {
  const slots = prepared.params.map((param): Slot => {
    if (is(param, Placeholder)) return { name: param.name, toDriver: null };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder;
      return { name: param.value.name, toDriver: (value) => encoder.mapToDriverValue(value) };
    }
    return { fixed: param };
  });
  return {
    text: prepared.queryString,
    slots,
    fields: prepared.fields,
    arrayMode: prepared._isResponseInArrayMode,
    mapper: prepared.customResultMapper,
    joins: prepared.joinsNotNullableMap,
  };
}

/** The values in the statement's order, converted as drizzle converts them (a null stays a null, as it does there). */
function paramsOf(slots: Slot[], values: Values): unknown[] {
  return slots.map((slot) => {
    if ('fixed' in slot) return slot.fixed;
    if (!(slot.name in values)) throw new Error(`no value for "${slot.name}"`);
    const value = values[slot.name];
    return value === null || value === undefined || !slot.toDriver ? value : slot.toDriver(value);
  });
}

/** The session an executor runs its statements on: the pool's, or the connection of its transaction. */
const sessionOf = (executor: Executor) => (executor as unknown as { _: { session: PgSession } })._.session;

/**
 * A statement on a hot path (a card donation runs fifteen), built by drizzle once and then only run.
 * Building is most of what drizzle costs (a third of the server's work per donation, issue 26), and
 * the text being the very same string each time spares the statement names their hashing too. `build`
 * writes the query with `value(name)` wherever a value goes; the returned function runs it on the given
 * executor (a transaction's connection or the pool) with the values, answering what drizzle would have.
 *
 * In `.values()` and `.set()` a value is converted as its column converts it (dates, JSON); in a
 * condition or in a `sql` template it goes as given (the driver converts it), so compare a date there as
 * an ISO string or cast it in the text.
 */
export function reusedQuery<V extends SomeValues, R>(
  build: (executor: Executor, value: ValueOf<V>) => Preparable<R>,
): (executor: Executor, values: V) => Promise<R> {
  let shape: Shape | undefined;
  return async (executor, values) => {
    shape ??= shapeOf(build(executor, (name) => sql.placeholder(name) as never).prepare('') as unknown as PreparedByDrizzle);
    // Unnamed: statement-names.ts names it by its text, as it does every other statement.
    const prepared = sessionOf(executor).prepareQuery(
      { sql: shape.text, params: paramsOf(shape.slots, values as Values) },
      shape.fields as never,
      undefined,
      shape.arrayMode,
      shape.mapper as never,
    );
    (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = shape.joins;
    return (await prepared.execute()) as R;
  };
}

/**
 * Reused queries told apart by a shape, for a statement whose text varies with its call (the columns it
 * sets, how many rows it writes). The shapes must be few: callers name them from code, never from data.
 */
export function reusedQueryPerShape<S extends string | number, V extends SomeValues, R>(
  build: (shape: S) => (executor: Executor, value: ValueOf<V>) => Preparable<R>,
): (shape: S, executor: Executor, values: V) => Promise<R> {
  const byShape = new Map<S, (executor: Executor, values: V) => Promise<R>>();
  return (shape, executor, values) => {
    let run = byShape.get(shape);
    if (!run) byShape.set(shape, (run = reusedQuery(build(shape))));
    return run(executor, values);
  };
}
