import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { startTestApp, type TestApp } from "../testing/test-app.js";
import { carriedSqlOf, statementOf, WriteBatch, withWriteBatch, write } from "./write-batch.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.context.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, "batch-%"));
});

const bucket = (key: string, hits = 1) =>
  t.context.db.insert(rateLimitBuckets).values({ key, windowStartedAt: new Date(), hits });
const keys = async () =>
  (
    await t.context.db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, "batch-%"))
      .orderBy(rateLimitBuckets.key)
  ).map((row) => row.key);

test("a batched write waits for the next statement built through the batch, which carries it and answers as usual", async () => {
  const batch = new WriteBatch(t.context.db);
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
  await t.context.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, "batch-%"));
  await batch.flush();
  expect(await keys()).toEqual([]);
});

test("withWriteBatch flushes what no statement carried; an executor (no batch) writes at once", async () => {
  await withWriteBatch(t.context.db, async (batch) => {
    await write(batch, (executor) =>
      executor.insert(rateLimitBuckets).values({ key: "batch-flushed", windowStartedAt: new Date(), hits: 1 }),
    );
    expect(await keys()).toEqual([]);
  });
  expect(await keys()).toEqual(["batch-flushed"]);

  await write(t.context.db, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-now", windowStartedAt: new Date(), hits: 1 }),
  );
  expect(await keys()).toEqual(["batch-flushed", "batch-now"]);
});

test("a raw statement with a WITH list of its own carries the batch through carriedSqlOf", async () => {
  const batch = new WriteBatch(t.context.db);
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-raw-carried", windowStartedAt: new Date(), hits: 1 }),
  );
  const result = await t.context.db.execute(sql`with made as (
      insert into ${rateLimitBuckets} (key, window_started_at, hits) values ('batch-raw-main', now(), 2) returning hits
    )${carriedSqlOf(batch)}
    select hits from made`);
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ hits: 2 }]);
  expect(await keys()).toEqual(["batch-raw-carried", "batch-raw-main"]);
  // Given an executor there is nothing to carry.
  await expect(t.context.db.execute(sql`select 1 as one${carriedSqlOf(t.context.db)}`)).resolves.toBeDefined();
});

test("the writes carried by a statement of a transaction that rolls back are gone with it", async () => {
  await expect(
    t.context.db.transaction((tx) =>
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
  const batch = new WriteBatch(t.context.db);
  await write(batch, (executor) =>
    executor.insert(rateLimitBuckets).values({ key: "batch-taken", windowStartedAt: new Date(), hits: 1 }),
  );
  await expect(statementOf(batch).select({ one: sql`1` }).from(rateLimitBuckets).limit(1)).rejects.toThrow();
});
