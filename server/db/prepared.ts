import { createHash } from "node:crypto";
import { type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./connection.js";

/** What Drizzle's `.prepare(name)` gives: a statement built once, run with the values of its placeholders. */
type Prepared = { execute(placeholderValues?: Record<string, unknown>): Promise<unknown> };

/**
 * A statement of the sale-day path that Drizzle builds once rather than on every call: `build` writes it with
 * `sql.placeholder(...)` for its values and ends with `.prepare(name)`; the answer runs it on any executor (the
 * database or an open transaction) with `.execute({ ...values })`. Building a wide statement cost Drizzle up to
 * 150 µs of CPU, more than PostgreSQL spent running it; a checkout built fourteen. `name` also names it on each
 * connection of the PostgreSQL server, which parses and plans it once per connection.
 *
 * Drizzle binds a prepared statement to the executor that built it, so it is built once per executor: the database,
 * and each connection's unit of work (unit-of-work.ts), which lives as long as its connection; those carry the sale
 * path. A plain transaction builds it again (an organizer's change, not sale day's), and takes it with it as it ends.
 */
export function preparedStatement<Statement extends Prepared>(build: (executor: Executor) => Statement) {
  const built = new WeakMap<Executor, Statement>();
  return (executor: Executor): Statement => {
    let statement = built.get(executor);
    if (!statement) {
      statement = build(executor);
      built.set(executor, statement);
    }
    return statement;
  };
}

/**
 * What a write's `build` gives: the write (an insert or update builder), or a write that reads WITH queries of its
 * own, named (an invoice takes its number in one): those go ahead of it in the statement.
 */
type WriteSql = (SQLWrapper & { prepare(name: string): Prepared }) | WriteWithQueries;
type WriteWithQueries = { readonly ahead: Readonly<Record<string, SQLWrapper>>; readonly write: SQLWrapper };

/** A write and its values, not sent yet: a unit of work sends it (with the writes beside it), or `executeWrite`. */
export type PendingWrite = { readonly write: PreparedWrite<never>; readonly values: Record<string, unknown> };

export type PreparedWrite<Key extends string> = {
  /** The write with its values, for a unit of work's `send` or `write`, or `executeWrite`. */
  with(values: Record<Key, unknown>): PendingWrite;
  readonly statementName: string;
  /** Its SQL, its values named by `value` (`sendWrites` gives each write's values a prefix of their own). */
  build(executor: Executor, value: (key: Key) => Placeholder): WriteSql;
  /** Its statement alone, prepared under its name: what `sendWrites` sends for a write sent by itself. */
  alone(executor: Executor): Prepared;
};

/** A write's WITH queries ahead of it (none for a plain insert or update) and the write. */
const partsOf = (written: WriteSql): WriteWithQueries => ("ahead" in written ? written : { ahead: {}, write: written });

/**
 * A write of the sale-day path, built once as `preparedStatement` says: `build` writes it with `value(key)` for each of
 * its values (placeholders); `.with(values)` hands it to a unit of work, which sends it ahead of its next statement
 * with the writes sent beside it (unit-of-work.ts), or to `executeWrite`, which sends it alone at once.
 */
export function preparedWrite<Key extends string>(
  name: string,
  build: (executor: Executor, value: (key: Key) => Placeholder) => WriteSql,
): PreparedWrite<Key> {
  const alone = preparedStatement((executor) => {
    const written = build(executor, (key) => sql.placeholder(key));
    return "ahead" in written ? withQueries(executor, [written]).prepare(name) : written.prepare(name);
  });
  const write: PreparedWrite<Key> = {
    with: (values) => ({ write: write as PreparedWrite<never>, values }),
    statementName: name,
    build,
    alone,
  };
  return write;
}

/**
 * One statement of data-modifying WITH queries, one per write (after the queries it reads), which PostgreSQL runs
 * whether or not the statement reads them. They all see the database as it was when the statement started: none
 * may read what another writes, except through the named queries it reads itself. PostgreSQL runs the queries nobody
 * reads from the last to the first (each shut down before the ones initialized ahead of it), so they are written in
 * the reverse order of the writes: the writes run in the order given, and a write that locks a row everybody wants
 * (a ticket's units, an invoice's number) given last holds it for the least time.
 */
function withQueries(executor: Executor, writes: readonly WriteSql[]) {
  const queries = writes
    .map((written, index) => {
      const { ahead, write } = partsOf(written);
      return [...Object.entries(ahead), [`write_${index}`, write] as const];
    })
    .reverse()
    .flat();
  const names = new Set(queries.map(([name]) => name));
  if (names.size < queries.length) throw new Error("two writes of one statement name a WITH query alike");
  return executor
    .with(...queries.map(([name, query]) => executor.$with(name, {}).as(query.getSQL())))
    .select({ written: sql`1` })
    .from(sql`(select) as nothing`);
}

/** The statement of each list of writes sent together, built the first time it is sent. */
const statementsOfWrites = new Map<string, (executor: Executor) => Prepared>();

/** One write, sent now on `executor` as a statement of its own (outside a unit of work: an audit row, a mail). */
export function executeWrite(executor: Executor, { write, values }: PendingWrite): Promise<unknown> {
  return write.alone(executor).execute(values);
}

/**
 * Sends `writes` as one statement, sent when called; their failure is the statement's. A unit of work's way of sending
 * the writes sent one after another (unit-of-work.ts), which no module calls itself: an order's completion, its audit
 * row, mail and invoice cost PostgreSQL one snapshot and executor start-up, and PGlite one run through WASM. The
 * statement of each list of writes (by their names, in order) is built once, and named `writes_` with a digest of that
 * list.
 */
export function sendWrites(executor: Executor, writes: readonly PendingWrite[]): Promise<unknown> {
  const [only] = writes;
  if (!only) return Promise.resolve();
  if (writes.length === 1) return executeWrite(executor, only);
  const list = writes.map(({ write }) => write.statementName).join("+");
  let statement = statementsOfWrites.get(list);
  if (!statement) {
    const name = `writes_${createHash("sha1").update(list).digest("hex").slice(0, 16)}`;
    statement = preparedStatement((built) =>
      withQueries(
        built,
        writes.map(({ write }, index) => write.build(built, (key: string) => sql.placeholder(`${index}_${key}`))),
      ).prepare(name),
    );
    statementsOfWrites.set(list, statement);
  }
  const values: Record<string, unknown> = {};
  writes.forEach((pending, index) => {
    prefixedValues(`${index}_`, pending.values, values);
  });
  return statement(executor).execute(values);
}

/**
 * What `build` makes for `key`, made the first time the key is asked for and kept: a statement or write built once
 * per count of rows. The keys must be few; `build` names each statement after its key.
 */
function builtOncePer<Key, Built>(build: (key: Key) => Built): (key: Key) => Built {
  const built = new Map<Key, Built>();
  return (key) => {
    let made = built.get(key);
    if (made === undefined) {
      made = build(key);
      built.set(key, made);
    }
    return made;
  };
}

/** `preparedStatement` for each `key` (a count of rows), as `builtOncePer` says. */
export function preparedStatementsBy<Key, Statement extends Prepared>(
  build: (executor: Executor, key: Key) => Statement,
) {
  return builtOncePer((key: Key) => preparedStatement((executor) => build(executor, key)));
}

/**
 * A write of `count` rows into `table`, built once per count and named `${name}_${count}`: row `index`'s `columns` are
 * the values of keys `${index}_` + column (`valuesOfRows` fills them), given as `rowOfValues` says.
 */
export function preparedRowsInsert(name: string, table: PgTable, columns: readonly string[]) {
  return builtOncePer((count: number) =>
    preparedWrite<string>(`${name}_${count}`, (executor, value) =>
      executor
        .insert(table)
        .values(Array.from({ length: count }, (_, index) => rowOfValues(columns, value, `${index}_`)) as never),
    ),
  );
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
