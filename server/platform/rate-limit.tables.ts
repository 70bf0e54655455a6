import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters shared by every instance, so a limit holds behind a load balancer. The table is unlogged
 * (migration 0034): a statement that only counts hits waits for no disk flush at its commit, and a crash of the
 * database forgets a window's hits.
 */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});
