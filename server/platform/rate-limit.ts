import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database } from "../db/connection.js";
import { preparedStatement } from "../db/prepared.js";
import { AppError } from "./errors.js";
import { rateLimitBuckets } from "./rate-limit.tables.js";

export type RateLimit = { name: string; max: number; windowSeconds: number };

/**
 * The ticket shop's public POSTs: its carts, checkouts and 3-D Secure step, and the simulator's card form that stands
 * in for Stripe.js. One budget per client address for all of them (PUBLIC_SHOP_POSTS_PER_MINUTE), and one per buyer:
 * their email, their cart's token or their payment.
 */
export function shopPostLimits(config: Pick<Config, "publicShopPostsPerMinute">) {
  return {
    perIp: { name: "shop-posts-ip", max: config.publicShopPostsPerMinute, windowSeconds: 60 },
    perBuyer: { name: "shop-posts-buyer", max: 30, windowSeconds: 60 },
  } satisfies Record<string, RateLimit>;
}

/** One hit to count: a limit and the key it counts by (a client address, an email...). */
export type RateLimitHit = readonly [limit: RateLimit, key: string];

// Built once, for any number of keys: their windows come in an array beside them, the window of a bucket being the
// one at its key's position (the hits may count under limits of different windows).
const hitsStatement = preparedStatement((executor) => {
  const keys = sql`${sql.placeholder("keys")}::text[]`;
  const windowSeconds = sql`(${sql.placeholder("windows")}::int[])[array_position(${keys}, ${rateLimitBuckets.key})]`;
  const window = sql`make_interval(secs => ${windowSeconds})`;
  return executor
    .insert(rateLimitBuckets)
    .select(sql`select key, now(), 1 from unnest(${keys}) as key`)
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${rateLimitBuckets.windowStartedAt} < now() - ${window} then 1 else ${rateLimitBuckets.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimitBuckets.windowStartedAt} < now() - ${window} then now() else ${rateLimitBuckets.windowStartedAt} end`,
      },
    })
    .returning({
      key: rateLimitBuckets.key,
      hits: rateLimitBuckets.hits,
      secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimitBuckets.windowStartedAt} + ${window} - now()))::int`,
    })
    .prepare("rate_limit_hits");
});

/**
 * Counts one hit on each key within its fixed window and refuses with 429 when any is past its `max`. The counters
 * live in PostgreSQL so the limits hold across every instance behind the load balancer; the hits of one request go in
 * one statement (a public form checks its address and its email on every submission), in key order so two requests
 * never lock the same buckets in opposite orders.
 */
export async function consumeRateLimit(db: Database, ...hits: RateLimitHit[]): Promise<void> {
  const limits = new Map(hits.map(([limit, key]) => [`${limit.name}:${key.toLowerCase()}`, limit]));
  const keys = [...limits.keys()].sort();
  const buckets = await hitsStatement(db).execute({
    keys,
    windows: keys.map((key) => limits.get(key)?.windowSeconds),
  });
  const secondsLeft = buckets
    .filter((bucket) => bucket.hits > (limits.get(bucket.key)?.max ?? Number.POSITIVE_INFINITY))
    .map((bucket) => Math.max(1, bucket.secondsLeft));
  if (secondsLeft.length === 0) return;
  const seconds = Math.max(...secondsLeft);
  throw new AppError(429, "RATE_LIMITED", {
    values: [Math.ceil(seconds / 60)],
    headers: { "retry-after": String(seconds) },
  });
}
