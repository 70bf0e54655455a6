import { eq, like, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, test, vi } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { bucketKeys, databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { preparedWrite, statementOf, WriteBatch, withWriteBatch, write, writePrepared } from "./write-batch.js";

const db = databaseWithBuckets("batch-");

const bucket = (key: string, hits = 1) => insertBucket(db(), key, hits);
const keys = () => bucketKeys(db(), "batch-");

test("a batched write waits for the next statement built through the batch, which carries it and answers as usual", async () => {
  const batch = new WriteBatch(db());
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-a", windowStartedAt: new Date(), hits: 1 }),
  );
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-b", windowStartedAt: new Date(), hits: 1 }),
  );
  expect(await keys()).toEqual([]);

  await bucket("batch-c", 5);
  const [raised] = await statementOf(batch)
    .update(rateLimitBuckets)
    .set({ hits: sql`${rateLimitBuckets.hits} + 1` })
    .where(eq(rateLimitBuckets.key, "batch-c"))
    .returning({ key: rateLimitBuckets.key, hits: rateLimitBuckets.hits });
  expect(raised).toEqual({ key: "batch-c", hits: 6 });
  expect(await keys()).toEqual(["batch-a", "batch-b", "batch-c"]);

  // Carried once: the batch is empty afterwards, and a flush sends nothing.
  await db().delete(rateLimitBuckets).where(like(rateLimitBuckets.key, "batch-%"));
  await batch.flush();
  expect(await keys()).toEqual([]);
});

test("withWriteBatch flushes what no statement carried; an executor (no batch) writes at once", async () => {
  await withWriteBatch(db(), async (batch) => {
    await write(batch, (executor) =>
      executor.insert(rateLimitBuckets).values({ key: "batch-flushed", windowStartedAt: new Date(), hits: 1 }),
    );
    expect(await keys()).toEqual([]);
  });
  expect(await keys()).toEqual(["batch-flushed"]);

  await write(db(), (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-now", windowStartedAt: new Date(), hits: 1 }),
  );
  expect(await keys()).toEqual(["batch-flushed", "batch-now"]);
});

test("the writes carried by a statement of a transaction that rolls back are gone with it", async () => {
  await expect(
    db().transaction((tx) =>
      withWriteBatch(tx, async (batch) => {
        await write(batch, (executor) =>
          executor.insert(rateLimitBuckets).values({ key: "batch-rolled-back", windowStartedAt: new Date(), hits: 1 }),
        );
        await statementOf(batch).select({ one: sql`1` }).from(rateLimitBuckets).limit(1);
        throw new Error("refused after the carrying statement");
      }),
    ),
  ).rejects.toThrow("refused after the carrying statement");
  expect(await keys()).toEqual([]);
});

test("a write that fails makes the statement carrying it fail", async () => {
  await bucket("batch-taken");
  const batch = new WriteBatch(db());
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-taken", windowStartedAt: new Date(), hits: 1 }),
  );
  await expect(statementOf(batch).select({ one: sql`1` }).from(rateLimitBuckets).limit(1)).rejects.toThrow();
});

/** A bucket inserted with placeholders, and one whose hits are those the first write returned (read by its alias). */
const insertedBucket = preparedWrite<"key" | "hits">(
  "inserted_bucket",
  (executor, value) =>
    executor
      .insert(rateLimitBuckets)
      .values({ key: value("key"), windowStartedAt: sql`now()`, hits: value("hits") })
      .returning({ hits: rateLimitBuckets.hits }),
  { alias: "inserted_bucket" },
);
const copiedBucket = preparedWrite<"key">(
  "copied_bucket",
  (_, value) => sql`insert into ${rateLimitBuckets} (key, window_started_at, hits)
    select ${value("key")}::text, now(), hits + 1 from inserted_bucket`,
);
const hitsOf = async (key: string) =>
  (await db().select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)))[0]?.hits;

test("prepared writes are flushed in a statement Drizzle builds once for their sequence, each with its values", async () => {
  const built = vi.spyOn(PgDialect.prototype, "sqlToQuery");
  for (const round of [1, 2, 3]) {
    await withWriteBatch(db(), async (batch) => {
      batch.addPrepared(insertedBucket, { key: `batch-prepared-${round}`, hits: round * 10 });
      batch.addPrepared(copiedBucket, { key: `batch-prepared-${round}-copy` });
    });
  }
  // The test's server runs its jobs meanwhile (sweeps at start), which build statements of their own: only ours count.
  const statementsBuilt = built.mock.results.filter(
    (result) => result.type === "return" && String(result.value.sql).includes("rate_limit_buckets"),
  ).length;
  built.mockRestore();
  expect(statementsBuilt).toBeLessThanOrEqual(1);
  expect(await keys()).toHaveLength(6);
  expect([await hitsOf("batch-prepared-2"), await hitsOf("batch-prepared-2-copy")]).toEqual([20, 21]);
});

test("prepared writes beside a built one are built with their values; alone, one runs at once", async () => {
  await withWriteBatch(db(), async (batch) => {
    batch.addPrepared(insertedBucket, { key: "batch-mixed", hits: 4 });
    batch.addPrepared(copiedBucket, { key: "batch-mixed-copy" });
    batch.add(insertBucket(db(), "batch-mixed-built", 9));
  });
  expect([await hitsOf("batch-mixed"), await hitsOf("batch-mixed-copy"), await hitsOf("batch-mixed-built")]).toEqual([
    4, 5, 9,
  ]);

  await db().transaction(async (tx) => {
    await writePrepared(tx, insertedBucket, { key: "batch-alone", hits: 7 });
    // Sent at once, not held for the transaction's next statement: its row is there for the next read.
    const [alone] = await tx.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, "batch-alone"));
    expect(alone?.hits).toBe(7);
  });
});

test("a batch's writes run in the order they were added, its last write last (a ticket's units, locked until the commit)", async () => {
  const clockBucket = preparedWrite<"key">("clock_bucket", (executor, value) =>
    executor.insert(rateLimitBuckets).values({ key: value("key"), windowStartedAt: sql`clock_timestamp()`, hits: 1 }),
  );
  // All prepared (a statement built once), then one built beside them (built with their values).
  await withWriteBatch(db(), async (batch) => {
    for (const key of ["batch-order-1", "batch-order-2", "batch-order-3"]) batch.addPrepared(clockBucket, { key });
  });
  await withWriteBatch(db(), async (batch) => {
    batch.addPrepared(clockBucket, { key: "batch-order-4" });
    batch.add(
      db().insert(rateLimitBuckets).values({ key: "batch-order-5", windowStartedAt: sql`clock_timestamp()`, hits: 1 }),
    );
    batch.addPrepared(clockBucket, { key: "batch-order-6" });
  });
  const rows = await db()
    .select({ key: rateLimitBuckets.key })
    .from(rateLimitBuckets)
    .where(like(rateLimitBuckets.key, "batch-order-%"))
    .orderBy(rateLimitBuckets.windowStartedAt);
  expect(rows.map((row) => row.key)).toEqual([1, 2, 3, 4, 5, 6].map((index) => `batch-order-${index}`));
});
