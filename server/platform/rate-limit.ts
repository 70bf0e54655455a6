import { sql } from "drizzle-orm";
import type { Database } from "../db/connection.js";
import { AppError } from "./errors.js";
import { rateLimitBuckets } from "./rate-limit.tables.js";

export type RateLimit = { name: string; max: number; windowSeconds: number };

/**
 * Counts one hit on `key` within a fixed window and refuses with 429 past `max`.
 * The counter lives in PostgreSQL so the limit holds across every instance behind the load balancer.
 */
export async function consumeRateLimit(db: Database, limit: RateLimit, key: string): Promise<void> {
  const bucketKey = `${limit.name}:${key.toLowerCase()}`;
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const [bucket] = await db
    .insert(rateLimitBuckets)
    .values({ key: bucketKey, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${rateLimitBuckets.windowStartedAt} < now() - ${window} then 1 else ${rateLimitBuckets.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimitBuckets.windowStartedAt} < now() - ${window} then now() else ${rateLimitBuckets.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimitBuckets.hits,
      secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimitBuckets.windowStartedAt} + ${window} - now()))::int`,
    });
  if (bucket && bucket.hits > limit.max) {
    const seconds = Math.max(1, bucket.secondsLeft);
    throw new AppError(429, "RATE_LIMITED", {
      values: [Math.ceil(seconds / 60)],
      headers: { "retry-after": String(seconds) },
    });
  }
}
