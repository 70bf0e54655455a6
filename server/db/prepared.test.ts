import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { preparedStatement } from "./prepared.js";

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
