import { like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { startTestApp, type TestApp } from "../testing/test-app.js";
import type { Database, Executor } from "./connection.js";

/*
 * The database layer's tests write rate-limit buckets, a table with no foreign key: each file keys its rows by a
 * prefix of its own.
 */

/** The database of a whole server started for the file, its buckets of `prefix` deleted before each test. */
export function databaseWithBuckets(prefix: string): () => Database {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t?.context.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `${prefix}%`));
  });
  return () => {
    if (!t) throw new Error("the test app is not started");
    return t.context.db;
  };
}

export const insertBucket = (executor: Executor, key: string, hits = 1) =>
  executor.insert(rateLimitBuckets).values({ key, windowStartedAt: new Date(), hits });

/** The keys of the buckets of `prefix`, in order. */
export async function bucketKeys(db: Database, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ key: rateLimitBuckets.key })
    .from(rateLimitBuckets)
    .where(like(rateLimitBuckets.key, `${prefix}%`))
    .orderBy(rateLimitBuckets.key);
  return rows.map((row) => row.key);
}
