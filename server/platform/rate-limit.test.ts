import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rowsOf } from "../db/connection.js";
import { testAppForFile } from "../testing/test-app.js";
import { AppError } from "./errors.js";
import { consumeRateLimit, type RateLimit } from "./rate-limit.js";
import { rateLimitBuckets } from "./rate-limit.tables.js";

const t = testAppForFile();

const hit = (limit: RateLimit, key: string) => consumeRateLimit(t.context.db, [limit, key]);

async function refusal(limit: RateLimit, key: string): Promise<AppError> {
  const error = await hit(limit, key).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const bucket = async (key: string) =>
  (await t.context.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)))[0];

describe("consumeRateLimit", () => {
  test("lets max hits through, refuses the next with 429, a wait in minutes and Retry-After", async () => {
    const limit = { name: "test-max", max: 3, windowSeconds: 600 };
    for (let n = 0; n < 3; n++) await hit(limit, "alice");
    const error = await refusal(limit, "alice");
    expect(error.status).toBe(429);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.options.values).toEqual([10]);
    const retryAfter = Number(error.options.headers?.["retry-after"]);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Refused hits still count: hammering does not shorten the wait.
    await refusal(limit, "alice");
    expect((await bucket("test-max:alice"))?.hits).toBe(5);
  });

  test("keys ignore case; other keys and other limits have their own counters", async () => {
    const limit = { name: "test-keys", max: 1, windowSeconds: 600 };
    await hit(limit, "Bob@Example.test");
    await refusal(limit, "bob@example.TEST");
    await hit(limit, "carol@example.test");
    await hit({ ...limit, name: "test-keys-other" }, "bob@example.test");
  });

  test("several hits in one call count each under its own limit and window; any one past its max refuses", async () => {
    const perAddress = { name: "test-many-ip", max: 100, windowSeconds: 3600 };
    const perEmail = { name: "test-many-mail", max: 2, windowSeconds: 60 };
    const both = () => consumeRateLimit(t.context.db, [perAddress, "10.0.0.1"], [perEmail, "frank@example.test"]);
    await both();
    await both();
    const error = await both().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    // The wait is the refusing limit's: within the email's 60 s window, not the address's hour.
    expect(Number((error as AppError).options.headers?.["retry-after"])).toBeLessThanOrEqual(60);
    expect((await bucket("test-many-ip:10.0.0.1"))?.hits).toBe(3);
    expect((await bucket("test-many-mail:frank@example.test"))?.hits).toBe(3);
  });

  test("a new window starts once the previous one is over", async () => {
    const limit = { name: "test-window", max: 2, windowSeconds: 3600 };
    await hit(limit, "dave");
    await hit(limit, "dave");
    await refusal(limit, "dave");
    await t.context.db
      .update(rateLimitBuckets)
      .set({ windowStartedAt: sql`now() - interval '3601 seconds'` })
      .where(eq(rateLimitBuckets.key, "test-window:dave"));
    await hit(limit, "dave");
    const restarted = await bucket("test-window:dave");
    expect(restarted?.hits).toBe(1);
    expect(Date.now() - (restarted?.windowStartedAt.getTime() ?? 0)).toBeLessThan(60_000);
    await hit(limit, "dave");
    await refusal(limit, "dave");
  });

  test("the window really runs on the clock", async () => {
    const limit = { name: "test-clock", max: 1, windowSeconds: 1 };
    await hit(limit, "erin");
    const error = await refusal(limit, "erin");
    expect(error.options.values).toEqual([1]);
    expect(error.options.headers?.["retry-after"]).toBe("1");
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await hit(limit, "erin");
  });
});

test("the counters are unlogged: a statement that only counts hits waits for no flush of the write-ahead log", async () => {
  const [table] = await rowsOf<{ relpersistence: string }>(
    t.context.db,
    sql`select relpersistence from pg_class where oid = 'rate_limit_buckets'::regclass`,
  );
  expect(table?.relpersistence).toBe("u");
});
