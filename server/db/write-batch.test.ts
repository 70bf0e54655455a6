import { eq, like, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { bucketKeys, databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { carriedSqlOf, statementOf, WriteBatch, withWriteBatch, write } from "./write-batch.js";

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

test("a raw statement with a WITH list of its own carries the batch through carriedSqlOf", async () => {
  const batch = new WriteBatch(db());
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-raw-carried", windowStartedAt: new Date(), hits: 1 }),
  );
  const result = await db().execute(sql`with made as (
      insert into ${rateLimitBuckets} (key, window_started_at, hits) values ('batch-raw-main', now(), 2) returning hits
    )${carriedSqlOf(batch)}
    select hits from made`);
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ hits: 2 }]);
  expect(await keys()).toEqual(["batch-raw-carried", "batch-raw-main"]);
  // Given an executor there is nothing to carry.
  await expect(db().execute(sql`select 1 as one${carriedSqlOf(db())}`)).resolves.toBeDefined();
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
