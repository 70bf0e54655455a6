import { PGlite, type Transaction, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { namedStatementsOf } from "./pglite-statements.js";
import { timesPrepared } from "./prepared-statements.testing.js";

/* The named statements of a unit of work on PGlite answer what PGlite's own `query` answers, parsed once. */

let pglite: PGlite;

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`create table sample (
    id integer primary key, label text unique, amount numeric, big bigint, flag boolean, data jsonb,
    at timestamptz, day date, ref uuid, tags text[], counts integer[]);
    insert into sample (id, label) values (10, 'ten'), (11, 'eleven')`);
});

afterAll(async () => {
  await pglite.close();
});

// Drizzle's options for its typed queries: timestamps and dates as PostgreSQL writes them (drizzle-orm/pglite).
const drizzleParsers = {
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

const insert = `insert into sample (id, label, amount, big, flag, data, at, day, ref, tags, counts)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;
const values = (id: number, label: string | null) => [
  id,
  label,
  "12.50",
  "9007199254740993",
  true,
  { seats: [1, 2], note: 'a "quoted" text' },
  new Date("2026-11-27T10:00:00.000Z"),
  "2026-11-27",
  "0b6f4a5e-8c2d-4f4e-9a51-3f1d2c7b9e10",
  ["a", "b,c", 'd"e'],
  [1, 2, 3],
];

describe("a unit's statements on PGlite", () => {
  test("answer rows, fields and counts as PGlite's query does, in both row modes, with a caller's parsers", async () => {
    type Query = (text: string, params?: unknown[], options?: object) => Promise<unknown>;
    const select = "select * from sample where id = any($1::int[]) order by id";
    const statements = async (query: Query) => [
      await query(insert, values(1, "one")),
      await query(insert, values(2, null), { rowMode: "array", parsers: drizzleParsers }),
      await query(select, [[1, 2]], { rowMode: "array" }),
      await query("update sample set flag = $1 where id < $2", [false, 10]),
    ];
    // Each run in a transaction rolled back, so that both start from the same rows.
    const rolledBack = (run: (transaction: Transaction) => Promise<unknown[]>) =>
      pglite.transaction(async (transaction) => {
        const answers = await run(transaction);
        await transaction.rollback();
        return answers;
      });
    const named = await rolledBack((transaction) => {
      const target = namedStatementsOf(pglite).targetIn(transaction);
      return statements((text, params, options) => target.query(text, params, options));
    });
    const theirs = await rolledBack((transaction) =>
      statements((text, params, options) => transaction.query(text, params, options)),
    );
    expect(named).toEqual(theirs);
    const [inserted] = (named[0] as { rows: Record<string, unknown>[] }).rows;
    expect(inserted).toMatchObject({ big: 9007199254740993n, data: { seats: [1, 2], note: 'a "quoted" text' } });
    expect(inserted?.at).toEqual(new Date("2026-11-27T10:00:00.000Z"));
    expect((named[3] as { affectedRows: number }).affectedRows).toBe(2);
  });

  test("are parsed once under a name, kept from one transaction to the next", async () => {
    const text = "select label from sample where id = $1";
    for (const id of [10, 11]) {
      await pglite.transaction((transaction) => namedStatementsOf(pglite).targetIn(transaction).query(text, [id]));
    }
    expect(await timesPrepared(pglite, text)).toBe(1);
  });

  test("a refusal is PostgreSQL's error, the transaction is rolled back, and the next one runs", async () => {
    const failed = pglite.transaction(async (transaction) => {
      const named = namedStatementsOf(pglite).targetIn(transaction);
      await named.query("update sample set label = $1 where id = $2", ["changed", 10]);
      await named.query(insert, values(5, "eleven"));
    });
    await expect(failed).rejects.toMatchObject({ code: "23505", severity: "ERROR" });
    const after = await pglite.transaction((transaction) =>
      namedStatementsOf(pglite).targetIn(transaction).query("select label from sample where id = $1", [10]),
    );
    expect(after.rows).toEqual([{ label: "ten" }]);
  });

  test("sent by the app outside a transaction, run named, each committed on its own: a refusal keeps what came before", async () => {
    const client = namedStatementsOf(pglite).client();
    const text = "update sample set label = $1 where id = $2";
    await client.query(text, ["ten, again", 10]);
    await expect(client.query("insert into sample (id, label) values ($1, $2)", [12, "eleven"])).rejects.toMatchObject({
      code: "23505",
    });
    const rows = await pglite.query("select id, label from sample where id >= $1 order by id", [10]);
    expect(rows.rows).toEqual([
      { id: 10, label: "ten, again" },
      { id: 11, label: "eleven" },
    ]);
    expect(await timesPrepared(pglite, text)).toBe(1);
  });

  test("Drizzle's transactions on the app's client run their statements named", async () => {
    const db = drizzle({ client: namedStatementsOf(pglite).client() as never });
    const answer = await db.transaction((tx) =>
      tx.execute(sql`select label as drizzle_label from sample where id = ${11}`),
    );
    expect(answer.rows).toEqual([{ drizzle_label: "eleven" }]);
    const parsed = await pglite.query<{ count: number }>(
      "select count(*)::int as count from pg_prepared_statements where statement like '%drizzle_label%'",
    );
    expect(parsed.rows).toEqual([{ count: 1 }]);
  });

  test("a statement sent in a transaction that has ended is refused, not run outside it", async () => {
    let ended: Transaction | undefined;
    await pglite.transaction(async (transaction) => {
      ended = transaction;
    });
    const late = namedStatementsOf(pglite)
      .targetIn(ended as Transaction)
      .query("update sample set label = $1 where id = $2", ["late", 11]);
    await expect(late).rejects.toThrow("Transaction is closed");
    expect((await pglite.query("select label from sample where id = $1", [11])).rows).toEqual([{ label: "eleven" }]);
  });
});
