import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { clientOf, type Executor } from "./connection.js";

/** What Drizzle's `.prepare(name)` gives: a statement built once, run with the values of its placeholders. */
type Prepared = { execute(placeholderValues?: Record<string, unknown>): Promise<unknown> };

/**
 * A statement of the sale-day path that Drizzle builds once rather than on every call: `build` writes it with
 * `sql.placeholder(...)` for its values and ends with `.prepare(name)`; the answer runs it on any executor (the
 * database or an open transaction) with `.execute({ ...values })`. Building a wide statement cost Drizzle up to
 * 150 µs of CPU, more than PostgreSQL spent running it; a checkout built fourteen. `name` also names it on each
 * connection of the PostgreSQL server, which parses and plans it once per connection.
 *
 * Drizzle binds a prepared statement to the client of the executor that built it; the one run on another executor
 * is a copy bound to that executor's client (`_.session.client`, the pool or the transaction's connection, which
 * drizzle-orm 0.45's node-postgres and PGlite sessions both hold). prepared.test.ts checks that a copy runs inside
 * its transaction, so an upgrade of Drizzle that moves it fails there first. A client's copy is made once: the pool's
 * connections live as long as the pool, and a client gone takes its copy with it.
 */
export function preparedStatement<Statement extends Prepared>(build: (executor: Executor) => Statement) {
  let built: Statement | undefined;
  const copies = new WeakMap<object, Statement>();
  return (executor: Executor): Statement => {
    built ??= build(executor);
    const client = clientOf(executor) as object;
    let copy = copies.get(client);
    if (!copy) {
      copy = Object.create(built, { client: { value: client } }) as Statement;
      copies.set(client, copy);
    }
    return copy;
  };
}

/**
 * A write of the sale-day path, built once as `preparedStatement` says: `build` writes it with `value(key)` for each of
 * its values (placeholders), and the answer sends it on an executor with its values. It is sent when called, before
 * the promise it answers is awaited: a unit of work may send it ahead of its next statement (unit-of-work.ts).
 */
export function preparedWrite<Key extends string>(
  name: string,
  build: (executor: Executor, value: (key: Key) => Placeholder) => { prepare(name: string): Prepared },
) {
  const statement = preparedStatement((executor) => build(executor, (key) => sql.placeholder(key)).prepare(name));
  return (executor: Executor, values: Record<Key, unknown>): Promise<unknown> => statement(executor).execute(values);
}

/**
 * `preparedStatement` for each `key` (a count of rows): each statement built the first time its key is asked for.
 * The keys must be few; `build` names each statement after its key.
 */
export function preparedStatementsBy<Key, Statement extends Prepared>(
  build: (executor: Executor, key: Key) => Statement,
) {
  const statements = new Map<Key, (executor: Executor) => Statement>();
  return (key: Key) => {
    let statement = statements.get(key);
    if (!statement) {
      statement = preparedStatement((executor) => build(executor, key));
      statements.set(key, statement);
    }
    return statement;
  };
}

/**
 * A prepared statement's (or write's) row of `columns`, each the value of key `prefix` + column (`value`: a write's,
 * or `sql.placeholder`) as it is given, without the column's own encoding: for text, numbers, booleans, dates and
 * nulls (pg sends those as they are), not for JSON. Also the `set` of a prepared update.
 */
export function rowOfValues<Column extends string>(
  columns: readonly Column[],
  value: (key: never) => Placeholder,
  prefix = "",
) {
  // `never`: any write's `value` will do; its keys are `prefix` + column, which the write's type names.
  const valueOfKey = value as (key: string) => Placeholder;
  return Object.fromEntries(columns.map((column) => [column, sql`${valueOfKey(`${prefix}${column}`)}`])) as Record<
    Column,
    SQL
  >;
}

/**
 * A row's values among a statement's, as placeholders named `prefix` + column: the column's own encoding applies
 * (a date, a JSON value). `prefixedValues` fills them.
 */
export function prefixedPlaceholders<Column extends string>(prefix: string, columns: readonly Column[]) {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(`${prefix}${column}`)])) as Record<
    Column,
    Placeholder
  >;
}

export function prefixedValues(prefix: string, row: Record<string, unknown>, into: Record<string, unknown> = {}) {
  for (const column in row) into[`${prefix}${column}`] = row[column];
  return into;
}

/** The values of rows among a statement's: row `index`'s named `${index}_` + column (as `prefixedValues`). */
export function valuesOfRows(rows: readonly Record<string, unknown>[]) {
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    prefixedValues(`${index}_`, row, values);
  });
  return values;
}
