import type { PGlite } from "@electric-sql/pglite";
import { like, sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { databaseWithBuckets } from "./buckets.testing.js";
import { clientOf, openDatabase, pgliteOf, socketOf, transactionRetried } from "./connection.js";
import { timesPrepared } from "./prepared-statements.testing.js";

const db = databaseWithBuckets("after-");

// PGlite runs one transaction at a time: two transactions can only lock crosswise on a PostgreSQL server.
describe.skipIf(!process.env.TEST_DATABASE_URL)("transactionRetried", () => {
  test("two transactions locking the same rows in opposite orders both end committed, the deadlock's loser rerun", async () => {
    const database = db();
    await database.execute(sql`insert into rate_limit_buckets (key, window_started_at, hits)
      values ('deadlock-a', now(), 0), ('deadlock-b', now(), 0)`);
    let bothHoldTheirFirstRow: () => void = () => {};
    const firstLocks = new Promise<void>((resolve) => {
      let held = 0;
      bothHoldTheirFirstRow = () => {
        held += 1;
        if (held === 2) resolve();
      };
    });
    const attempts = { ab: 0, ba: 0 };
    const crosswise = (first: string, second: string, counter: keyof typeof attempts) =>
      transactionRetried(database, async (tx) => {
        attempts[counter] += 1;
        await tx.execute(sql`update rate_limit_buckets set hits = hits + 1 where key = ${first}`);
        if (attempts[counter] === 1) {
          bothHoldTheirFirstRow();
          await firstLocks;
        }
        await tx.execute(sql`update rate_limit_buckets set hits = hits + 1 where key = ${second}`);
      });
    await Promise.all([crosswise("deadlock-a", "deadlock-b", "ab"), crosswise("deadlock-b", "deadlock-a", "ba")]);
    // One rerun at least: the loser's (a rerun can meet the winner again, on a loaded machine).
    expect(attempts.ab + attempts.ba).toBeGreaterThanOrEqual(3);
    const hits = await database
      .select({ hits: rateLimitBuckets.hits })
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, "deadlock-%"));
    // Each committed once: the aborted attempt left nothing behind.
    expect(hits).toEqual([{ hits: 2 }, { hits: 2 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the pool's connections", () => {
  test("name a statement sent with values, given as a query's config (Drizzle's) or as a text (pg-boss's)", async () => {
    const connection = await (clientOf(db()) as pg.Pool).connect();
    try {
      const asConfig = "select $1::text as sent_as_config";
      await connection.query({ text: asConfig }, ["first"]);
      await connection.query({ text: asConfig }, ["second"]);
      const asText = "select $1::text as sent_as_text";
      await connection.query(asText, ["first"]);
      expect((await connection.query(asText, ["second"])).rows).toEqual([{ sent_as_text: "second" }]);
      expect([await timesPrepared(connection, asConfig), await timesPrepared(connection, asText)]).toEqual([1, 1]);
    } finally {
      connection.release();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("socketOf", () => {
  test("is the socket a pool connection's statements are written to, the one a unit of work corks", async () => {
    const connection = await (clientOf(db()) as pg.Pool).connect();
    try {
      const socket = socketOf(connection);
      const before = socket?.bytesWritten ?? 0;
      await connection.query("select 1");
      expect(socket?.bytesWritten).toBeGreaterThan(before);
    } finally {
      connection.release();
    }
  });
});

// An embedded database of its own, whatever database the suite runs on: on a PostgreSQL server pg-boss's statements go
// through the pool, unnamed (connection.ts).
describe("the job queue's statements on the embedded database", () => {
  test("run named when they carry values, and multi-statement scripts still run", async () => {
    const handle = await openDatabase({});
    try {
      const text = "select $1::text as job_queue_probe";
      expect((await handle.sql.executeSql(text, ["first"])).rows).toEqual([{ job_queue_probe: "first" }]);
      expect((await handle.sql.executeSql(text, ["second"])).rows).toEqual([{ job_queue_probe: "second" }]);
      expect(await timesPrepared(pgliteOf(handle.db) as PGlite, text)).toBe(1);
      expect((await handle.sql.executeSql("select 1 as one; select 2 as two")).rows).toEqual([{ two: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
