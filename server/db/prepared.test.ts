import { eq, like, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { preparedStatement, preparedWrite, sendWrites } from "./prepared.js";

const db = databaseWithBuckets("prepared-");

const hitsOf = preparedStatement((executor) =>
  executor
    .select({ hits: rateLimitBuckets.hits })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, sql.placeholder("key")))
    .prepare("test_hits_of"),
);
const bucket = (key: string, hits: number) => insertBucket(db(), key, hits);

test("a prepared statement runs again and again with the values it is given", async () => {
  await bucket("prepared-a", 3);
  await bucket("prepared-b", 7);
  expect(await hitsOf(db()).execute({ key: "prepared-a" })).toEqual([{ hits: 3 }]);
  expect(await hitsOf(db()).execute({ key: "prepared-b" })).toEqual([{ hits: 7 }]);
  expect(await hitsOf(db()).execute({ key: "prepared-none" })).toEqual([]);
});

test("run on a transaction, it runs inside it: it sees the transaction's own writes, gone after its rollback", async () => {
  const rollback = new Error("rollback");
  const seen = await db()
    .transaction(async (tx) => {
      await tx.insert(rateLimitBuckets).values({ key: "prepared-tx", windowStartedAt: new Date(), hits: 5 });
      const inside = await hitsOf(tx).execute({ key: "prepared-tx" });
      throw Object.assign(rollback, { inside });
    })
    .catch((error: typeof rollback & { inside: unknown }) => error.inside);
  expect(seen).toEqual([{ hits: 5 }]);
  expect(await hitsOf(db()).execute({ key: "prepared-tx" })).toEqual([]);
});

const bucketInsert = preparedWrite<"key" | "hits">("test_bucket_insert", (executor, value) =>
  executor.insert(rateLimitBuckets).values({ key: value("key"), windowStartedAt: sql`now()`, hits: value("hits") }),
);
/** A write reading a WITH query of its own: a copy of the bucket it inserts first, with its hits doubled. */
const bucketAndDouble = preparedWrite<"key">("test_bucket_and_double", (_executor, value) => ({
  ahead: {
    test_first: sql`insert into ${rateLimitBuckets} (key, window_started_at, hits) values (${value("key")}, now(), 2)
      returning key, hits`,
  },
  write: sql`insert into ${rateLimitBuckets} (key, window_started_at, hits)
    select key || '-double', now(), hits * 2 from test_first`,
}));
const hitsOfKeys = async (prefix: string) =>
  Object.fromEntries(
    (
      await db()
        .select({ key: rateLimitBuckets.key, hits: rateLimitBuckets.hits })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, `${prefix}%`))
    ).map((row) => [row.key, row.hits]),
  );

test("writes sent together are one statement, each with its own values, the WITH queries they read ahead of them", async () => {
  await sendWrites(db(), [
    bucketInsert.with({ key: "prepared-w1", hits: 1 }),
    bucketAndDouble.with({ key: "prepared-w2" }),
    bucketInsert.with({ key: "prepared-w3", hits: 3 }),
  ]);
  expect(await hitsOfKeys("prepared-w")).toEqual({
    "prepared-w1": 1,
    "prepared-w2": 2,
    "prepared-w2-double": 4,
    "prepared-w3": 3,
  });
  // Alone, a write reading its WITH query is its own statement.
  await sendWrites(db(), [bucketAndDouble.with({ key: "prepared-w4" })]);
  expect(await hitsOfKeys("prepared-w4")).toEqual({ "prepared-w4": 2, "prepared-w4-double": 4 });
});

test("writes sent together fail together: none is written when one fails", async () => {
  await bucket("prepared-taken", 1);
  const failed = await sendWrites(db(), [
    bucketInsert.with({ key: "prepared-fresh", hits: 1 }),
    bucketInsert.with({ key: "prepared-taken", hits: 2 }),
  ]).catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(Error);
  expect(await hitsOfKeys("prepared-")).toEqual({ "prepared-taken": 1 });
});

const bucketInOrder = preparedWrite<"key">("test_bucket_in_order", (executor, value) =>
  executor
    .insert(rateLimitBuckets)
    .values({ key: value("key"), windowStartedAt: sql`now()`, hits: sql`nextval('prepared_write_order')::int` }),
);

test("writes sent together run in the order given: the last one's locks are held the least", async () => {
  await db().execute(sql`create sequence if not exists prepared_write_order`);
  await sendWrites(db(), [
    bucketInOrder.with({ key: "prepared-o1" }),
    bucketAndDouble.with({ key: "prepared-o2" }),
    bucketInOrder.with({ key: "prepared-o3" }),
  ]);
  const hits = await hitsOfKeys("prepared-o");
  expect(hits["prepared-o1"]).toBeLessThan(hits["prepared-o3"] as number);
});
