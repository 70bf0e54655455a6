import { randomUUID } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { bucketKeys, databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { commitWithNextStatement, holdNextStatement, type Transaction } from "./connection.js";

/*
 * The PostgreSQL server's connection (PreparingClient): a transaction's begin and a held write travel ahead of the
 * next statement. Round trips are counted as PostgreSQL's ReadyForQuery messages, one per round trip.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL server's connection", () => {
  const db = databaseWithBuckets("held-");
  const keys = () => bucketKeys(db(), "held-");

  /** Counts the round trips of the transaction's connection from now on; `stop` answers how many. */
  function countRoundTrips(tx: Transaction) {
    const { connection } = (tx._.session as unknown as { client: { connection: NodeJS.EventEmitter } }).client;
    let count = 0;
    const listener = () => count++;
    connection.on("readyForQuery", listener);
    return () => {
      connection.off("readyForQuery", listener);
      return count;
    };
  }

  test("a transaction of a read and a held write costs two round trips: begin with the read, the write with commit", async () => {
    let stop = () => 0;
    await db().transaction(async (tx) => {
      stop = countRoundTrips(tx);
      const { rows } = (await tx.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: unknown[] };
      const [read] = rows;
      expect(read).toEqual({ answer: 42 });
      holdNextStatement(tx);
      await insertBucket(tx, "held-a");
    });
    expect(stop()).toBe(2);
    expect(await keys()).toEqual(["held-a"]);
  });

  test("a held write runs before the next statement, which sees it", async () => {
    await db().transaction(async (tx) => {
      holdNextStatement(tx);
      await insertBucket(tx, "held-b");
      const seen = await tx
        .select({ key: rateLimitBuckets.key })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, "held-%"));
      expect(seen).toEqual([{ key: "held-b" }]);
    });
  });

  test("a held write's error is the commit's: the transaction rolls back, and the same write goes through later", async () => {
    await insertBucket(db(), "held-taken");
    const failing = db().transaction(async (tx) => {
      await insertBucket(tx, "held-c");
      holdNextStatement(tx);
      await insertBucket(tx, "held-taken"); // a unique violation, told at the commit
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await keys()).toEqual(["held-taken"]);

    // The held statement was parsed by the failed round trip: prepared again under its name, it runs.
    await db().delete(rateLimitBuckets).where(like(rateLimitBuckets.key, "held-taken"));
    await db().transaction(async (tx) => {
      holdNextStatement(tx);
      await insertBucket(tx, "held-taken");
    });
    expect(await keys()).toEqual(["held-taken"]);
  });

  test("a statement behind a held write that failed is prepared again: its own parse was skipped", async () => {
    await insertBucket(db(), "held-taken");
    // Texts this connection never prepared, so the round trip parses both.
    const unique = sql.raw(randomUUID());
    const failingWrite = sql`insert into rate_limit_buckets (key, window_started_at, hits)
      values (${"held-taken"}, now(), 1) -- ${unique}`;
    const read = sql`select ${7}::int as seven -- ${unique}`;
    await db().transaction(async (tx) => {
      await expect(
        tx.transaction(async (savepoint) => {
          holdNextStatement(savepoint);
          await savepoint.execute(failingWrite);
          await savepoint.execute(read);
        }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      const { rows } = (await tx.execute(read)) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ seven: 7 }]);
    });
  });

  test("a transaction may end with its last statement, committed in its round trip: here its only one", async () => {
    let stop = () => 0;
    const read = await db().transaction(async (tx) => {
      stop = countRoundTrips(tx);
      holdNextStatement(tx);
      await insertBucket(tx, "held-e");
      commitWithNextStatement(tx);
      return tx
        .select({ key: rateLimitBuckets.key })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, "held-%"));
    });
    expect(stop()).toBe(1);
    expect(read).toEqual([{ key: "held-e" }]);
    expect(await keys()).toEqual(["held-e"]);

    // That statement failing, nothing is committed.
    const failing = db().transaction(async (tx) => {
      await insertBucket(tx, "held-f");
      commitWithNextStatement(tx);
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: "22012" } });
    expect(await keys()).toEqual(["held-e"]);
  });

  test("a hold asked just before the transaction ends is forgotten: the commit itself is sent", async () => {
    await db().transaction(async (tx) => {
      await insertBucket(tx, "held-g");
      holdNextStatement(tx);
    });
    expect(await keys()).toEqual(["held-g"]);
  });

  test("a rollback drops what was held, and a transaction that sent nothing costs no round trip", async () => {
    const rollback = new Error("rollback");
    let stop = () => -1;
    await expect(
      db().transaction(async (tx) => {
        stop = countRoundTrips(tx);
        holdNextStatement(tx);
        await insertBucket(tx, "held-d");
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(stop()).toBe(0);
    await db().transaction(async (tx) => {
      stop = countRoundTrips(tx);
    });
    expect(stop()).toBe(0);
    expect(await keys()).toEqual([]);
  });
});
