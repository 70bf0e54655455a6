import { eq, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { beforeAll, expect, test } from "vitest";
import { databaseWithBuckets } from "./buckets.testing.js";
import { rowAsJson, tableRowAsJson } from "./row-as-json.js";

const db = databaseWithBuckets("row-as-json-");

/**
 * A column of each kind the schema uses, read as columns and as one JSON column; and two that JSON would write
 * otherwise than PostgreSQL's text does (a numeric's trailing zero, a timestamp's "T"), read as text.
 */
const kinds = pgTable("row_as_json_kinds", {
  id: uuid("id").primaryKey(),
  label: text("label"),
  count: integer("count"),
  large: bigint("large", { mode: "number" }),
  percent: numeric("percent", { precision: 5, scale: 2, mode: "number" }),
  amount: numeric("amount", { precision: 10, scale: 2 }),
  ratio: doublePrecision("ratio"),
  angle: real("angle"),
  flag: boolean("flag"),
  day: date("day", { mode: "string" }),
  at: timestamp("at", { withTimezone: true }),
  stamp: timestamp("stamp", { withTimezone: true, mode: "string" }),
  settings: jsonb("settings").$type<{ nested: string[] }>(),
  tags: text("tags").array(),
});
const others = pgTable("row_as_json_others", { id: uuid("id").primaryKey(), kindId: uuid("kind_id") });

const full = {
  id: "00000000-0000-4000-8000-000000000001",
  label: 'quotes " and \\ and ünïcode',
  count: -42,
  large: 9_007_199_254_740_991,
  percent: 5.5,
  amount: "12.50",
  ratio: 0.1 + 0.2,
  angle: 1.5,
  flag: false,
  day: "2026-02-28",
  at: new Date("2026-11-26T21:01:02.345Z"),
  stamp: "2026-11-26 21:01:02.345+00",
  settings: { nested: ["a", "b"] },
  tags: ["x", "y, z", ""],
};
const empty = { id: "00000000-0000-4000-8000-000000000002" };

beforeAll(async () => {
  await db().execute(sql`create table if not exists row_as_json_kinds (id uuid primary key, label text, count integer,
    large bigint, percent numeric(5, 2), amount numeric(10, 2), ratio double precision, angle real, flag boolean, day date,
    at timestamp with time zone, stamp timestamp with time zone, settings jsonb, tags text[])`);
  await db().execute(sql`create table if not exists row_as_json_others (id uuid primary key, kind_id uuid)`);
  await db().insert(kinds).values([full, empty]).onConflictDoNothing();
  await db()
    .insert(others)
    .values([
      { id: "00000000-0000-4000-8000-000000000011", kindId: full.id },
      { id: "00000000-0000-4000-8000-000000000012", kindId: null },
    ])
    .onConflictDoNothing();
});

test("a row read as one JSON column is the row Drizzle reads column by column, nulls included", async () => {
  const asColumns = await db().select().from(kinds).orderBy(kinds.id);
  const asJson = await db()
    .select({ row: tableRowAsJson(kinds) })
    .from(kinds)
    .orderBy(kinds.id);
  expect(asJson.map(({ row }) => row)).toEqual(asColumns);
  expect(asColumns[0]).toEqual(full);
  expect(asJson[0]?.row.at).toBeInstanceOf(Date);
});

test("a left-joined row is null when the join found nothing, as Drizzle answers it", async () => {
  const asColumns = await db()
    .select({ id: others.id, kind: kinds })
    .from(others)
    .leftJoin(kinds, eq(kinds.id, others.kindId))
    .orderBy(others.id);
  const asJson = await db()
    .select({ id: others.id, kind: tableRowAsJson(kinds, { joinedOn: kinds.id }) })
    .from(others)
    .leftJoin(kinds, eq(kinds.id, others.kindId))
    .orderBy(others.id);
  expect(asJson).toEqual(asColumns);
  expect(asJson.map(({ kind }) => kind?.id ?? null)).toEqual([full.id, null]);
});

test("chosen fields, an SQL field among them, come back under their own keys", async () => {
  const [found] = await db()
    .select({ row: rowAsJson({ name: kinds.label, twice: sql<number>`${kinds.count} * 2`, at: kinds.at }) })
    .from(kinds)
    .where(eq(kinds.id, full.id));
  expect(found?.row).toEqual({ name: full.label, twice: -84, at: full.at });
});

test("a row of more fields than json_build_array takes is refused when the statement is written", () => {
  const wide = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`c${index}`, kinds.count]));
  expect(() => rowAsJson(wide)).toThrow(/101 fields, over 100/);
});
