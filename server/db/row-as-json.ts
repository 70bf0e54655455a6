import { type Column, getTableColumns, is, SQL, sql, type Table } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

type Fields = Record<string, Column | SQL>;

/** PostgreSQL's limit on a function's arguments, json_build_array's included. */
const maxArguments = 100;

/*
 * Types whose text Drizzle decodes itself (dates and timestamps) or that pg answers as text (numeric, bigint): sent
 * as their text inside the array, so each column's decoder sees the very string it sees as a column of its own. The
 * other types' JSON is what pg's parsers make of their text (numbers, booleans, strings, arrays, JSON).
 */
const sentAsText = /^(numeric|decimal|bigint|date|time|interval)/;

/**
 * The fields of a wide row (a table's columns, say), read as one JSON column and decoded into the object Drizzle
 * would answer for them as columns of their own. Why: for every result, pg builds and copies a dictionary of its
 * column names (`Result.addFields`), about half a microsecond a column; the sale path's statements read back an order,
 * its event and their settings, 300 columns a sale, which cost more there than reading their values. A whole row as one
 * column costs it once. An SQL field is taken as its JSON value: a string, a number, a boolean or JSON.
 *
 * `joinedOn`: a column of a left-joined table, null when the join found nothing: the field is null then, as Drizzle
 * answers a left-joined table that found nothing.
 */
export function rowAsJson<F extends Fields>(fields: F): SQL<SelectResultFields<F>>;
export function rowAsJson<F extends Fields>(
  fields: F,
  options: { joinedOn: Column },
): SQL<SelectResultFields<F> | null>;
export function rowAsJson(fields: Fields, options: { joinedOn?: Column } = {}) {
  const entries = Object.entries(fields);
  if (entries.length > maxArguments) throw new Error(`rowAsJson: ${entries.length} fields, over ${maxArguments}`);
  const decoders = entries.map(([key, field]) => {
    if (is(field, SQL)) return { key, decode: (value: unknown) => value };
    if (/^(bytea|geometry)/.test(field.getSQLType())) {
      throw new Error(`rowAsJson: ${key} is ${field.getSQLType()}, which JSON does not carry`);
    }
    return { key, decode: (value: unknown) => field.mapFromDriverValue(value) };
  });
  const values = entries.map(([, field]) =>
    is(field, SQL) || !sentAsText.test(field.getSQLType()) ? sql`${field}` : sql`${field}::text`,
  );
  const array = sql`json_build_array(${sql.join(values, sql`, `)})`;
  const row = options.joinedOn ? sql`case when ${options.joinedOn} is null then null else ${array} end` : array;
  return row.mapWith((array: unknown[] | null) => {
    if (array === null) return null;
    const decoded: Record<string, unknown> = {};
    decoders.forEach(({ key, decode }, index) => {
      const value = array[index];
      decoded[key] = value === null ? null : decode(value);
    });
    return decoded;
  });
}

/** A table's row as one JSON column (`rowAsJson`). */
export function tableRowAsJson<T extends Table>(table: T): SQL<T["$inferSelect"]>;
export function tableRowAsJson<T extends Table>(table: T, options: { joinedOn: Column }): SQL<T["$inferSelect"] | null>;
export function tableRowAsJson(table: Table, options?: { joinedOn: Column }) {
  return options ? rowAsJson(getTableColumns(table), options) : rowAsJson(getTableColumns(table));
}
