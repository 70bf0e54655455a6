import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database, Executor } from "../db/connection.js";
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

type Bucket = { key: string; hits: number; secondsLeft: number };

/** The keys of the hits counted, from the placeholder `rateLimitKeys` (`hitsOf`). */
const hitKeys = () => sql`${sql.placeholder("rateLimitKeys")}::text[]`;
/** The window of the bucket of a key (a column or an alias's): the one at the key's position in `rateLimitWindows`. */
const windowOf = (key: SQL) =>
  sql`make_interval(secs => (${sql.placeholder("rateLimitWindows")}::int[])[array_position(${hitKeys()}, ${key})])`;
const secondsLeftOf = (key: SQL) =>
  sql<number>`ceil(extract(epoch from ${rateLimitBuckets.windowStartedAt} + ${windowOf(key)} - now()))::int`;

/**
 * The hits of a request, counted by an upsert of their buckets within each one's fixed window: a WITH query, so a
 * statement the request sends anyway may count them as it runs (`countedBuckets`, `withinLimits`). Its values come
 * from the placeholders `hitsOf` fills, for any number of keys: the hits may count under limits of different windows.
 */
export function rateLimitHitsQuery(executor: Executor) {
  const keys = hitKeys();
  const window = windowOf(sql`${rateLimitBuckets.key}`);
  return executor.$with("rate_limit_hits").as(
    executor
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
        secondsLeft: secondsLeftOf(sql`${rateLimitBuckets.key}`).as("seconds_left"),
      }),
  );
}

/** The buckets the hits query counted, as one column of the statement that carries it. */
export const countedBuckets = (hits: ReturnType<typeof rateLimitHitsQuery>) =>
  sql<Bucket[]>`(select coalesce(json_agg(json_build_object('key', h.key, 'hits', h.hits,
    'secondsLeft', h.seconds_left)), '[]'::json) from ${hits} h)`;

/**
 * A condition for a write that must not run past a limit, in the statement that counts the hits: no bucket counted
 * is past its limit's `max` (from the placeholder `rateLimitMaxes`).
 */
export const withinLimits = (hits: ReturnType<typeof rateLimitHitsQuery>) =>
  sql`not exists (select 1 from ${hits} h
    where h.hits > (${sql.placeholder("rateLimitMaxes")}::int[])[array_position(${hitKeys()}, h.key)])`;

/**
 * What a request counts: its hits by key (in key order, so two requests never lock buckets in opposite orders), and
 * the values of the placeholders of the statements that count them.
 */
export function hitsOf(...hits: RateLimitHit[]) {
  const limits = new Map(hits.map(([limit, key]) => [`${limit.name}:${key.toLowerCase()}`, limit]));
  const keys = [...limits.keys()].sort();
  return {
    limits,
    values: {
      rateLimitKeys: keys,
      rateLimitWindows: keys.map((key) => limits.get(key)?.windowSeconds),
      rateLimitMaxes: keys.map((key) => limits.get(key)?.max),
    },
  };
}

/** A request's hits, listed by `hitsOf`. */
export type Hits = ReturnType<typeof hitsOf>;

/** 429 when a bucket counted is past its limit's `max`, with the seconds until the last of them opens again. */
export function refuseOverLimit({ limits }: Hits, buckets: readonly Bucket[]) {
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

const hitsStatement = preparedStatement((executor) => {
  const hits = rateLimitHitsQuery(executor);
  return executor
    .with(hits)
    .select({ buckets: countedBuckets(hits) })
    .from(sql`(select) as nothing`)
    .prepare("rate_limit_hits");
});

const bucketsStatement = preparedStatement((executor) =>
  executor
    .select({
      key: rateLimitBuckets.key,
      hits: rateLimitBuckets.hits,
      secondsLeft: secondsLeftOf(sql`${rateLimitBuckets.key}`),
    })
    .from(rateLimitBuckets)
    .where(sql`${rateLimitBuckets.key} = any(${hitKeys()})`)
    .prepare("rate_limit_buckets"),
);

/** 429 when hits a statement counted (`withinLimits` kept its write from running) went past a limit. */
export async function refuseIfOverLimit(db: Database, counted: Hits): Promise<void> {
  refuseOverLimit(counted, await bucketsStatement(db).execute(counted.values));
}

/**
 * Counts one hit on each key within its fixed window and refuses with 429 when any is past its `max`. The counters
 * live in PostgreSQL so the limits hold across every instance behind the load balancer; the hits of one request go in
 * one statement (a public form checks its address and its email on every submission).
 */
export async function consumeRateLimit(db: Database, ...hits: RateLimitHit[]): Promise<void> {
  await consumeHits(db, hitsOf(...hits));
}

/**
 * Counts one hit on each key without refusing anything: for counters that change how a request is treated rather
 * than stop it (an address's wrong passwords, past which signing in asks for a captcha).
 */
export async function recordHits(db: Database, ...hits: RateLimitHit[]): Promise<void> {
  await hitsStatement(db).execute(hitsOf(...hits).values);
}

/** The hits counted on a key in its current window: 0 once the window is over. */
export async function hitsInWindow(db: Database, hit: RateLimitHit): Promise<number> {
  const [bucket] = await bucketsStatement(db).execute(hitsOf(hit).values);
  return bucket && bucket.secondsLeft > 0 ? bucket.hits : 0;
}

/** `consumeRateLimit` of hits already listed by `hitsOf`. */
export async function consumeHits(db: Database, hits: Hits): Promise<void> {
  const [counted] = await hitsStatement(db).execute(hits.values);
  refuseOverLimit(hits, counted?.buckets ?? []);
}
