import { sql } from "drizzle-orm";
import type { DatabaseHandle, Executor } from "../db/connection.js";
import type { Principal } from "./auth-guard.js";
import type { AppContext } from "./context.js";
import { AppError, isStatementTimeout } from "./errors.js";
import { rateLimitBuckets } from "./rate-limit.tables.js";

/**
 * Reads whose cost grows with the list rather than the page (a text search, a deep page, an export): at 100,000
 * guests one takes a few hundred milliseconds, and fifty sent at once by one user queued every other request of the
 * server behind them. A user (or API key) runs at most `max` at once; the others are refused at once with 429.
 * The count of those running lives in PostgreSQL beside the rate limits, so it holds across instances. A count not
 * touched for `staleSeconds` is taken for one left by a process that died with its reads running.
 */
export const heavyReadLimit = { name: "heavy-reads", max: 2, staleSeconds: 120 };

const keyOf = (principal: Principal) =>
  `${heavyReadLimit.name}:${principal.kind === "user" ? `user:${principal.userId}` : `api-key:${principal.apiKeyId}`}`;

/**
 * Takes one of the principal's heavy-read places, or refuses with 429 when all are taken; the caller gives it back by
 * calling the function returned, once, when the read is over (an export: when its stream closes).
 */
export async function takeHeavyReadPlace(database: DatabaseHandle, principal: Principal): Promise<() => Promise<void>> {
  const key = keyOf(principal);
  const taken = database.kind === "pglite" ? takeEmbeddedPlace(database, key) : await takeServerPlace(database, key);
  if (!taken) throw new AppError(429, "TOO_MANY_SEARCHES", { headers: { "retry-after": "1" } });
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    if (database.kind === "pglite") return giveEmbeddedPlace(database, key);
    await database.db
      .update(rateLimitBuckets)
      .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
      .where(sql`${rateLimitBuckets.key} = ${key}`);
  };
}

async function takeServerPlace(database: DatabaseHandle, key: string): Promise<boolean> {
  const stale = sql`${rateLimitBuckets.windowStartedAt} < now() - make_interval(secs => ${heavyReadLimit.staleSeconds})`;
  // One statement counts and checks: the place is taken only while fewer than `max` are, so two requests racing
  // for the last place cannot both get it. `window_started_at` is the time of the last place taken.
  const taken = await database.db
    .insert(rateLimitBuckets)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: { hits: sql`case when ${stale} then 1 else ${rateLimitBuckets.hits} + 1 end`, windowStartedAt: sql`now()` },
      setWhere: sql`${rateLimitBuckets.hits} < ${heavyReadLimit.max} or ${stale}`,
    })
    .returning({ hits: rateLimitBuckets.hits });
  return taken.length > 0;
}

/**
 * The embedded database belongs to this one process, so the places are counted in its memory: counted in PGlite, the
 * count would queue behind the reads it is meant to bound (PGlite runs one statement at a time, in arrival order),
 * and fifty searches sent at once were all served, one after the other, while the server waited on them.
 */
const embeddedPlaces = new WeakMap<DatabaseHandle, Map<string, number>>();

function takeEmbeddedPlace(database: DatabaseHandle, key: string): boolean {
  const places = embeddedPlaces.get(database) ?? new Map<string, number>();
  embeddedPlaces.set(database, places);
  const running = places.get(key) ?? 0;
  if (running >= heavyReadLimit.max) return false;
  places.set(key, running + 1);
  return true;
}

function giveEmbeddedPlace(database: DatabaseHandle, key: string): void {
  const places = embeddedPlaces.get(database);
  const running = places?.get(key) ?? 0;
  if (running <= 1) places?.delete(key);
  else places?.set(key, running - 1);
}

/** `read` holding one of the principal's heavy-read places (`takeHeavyReadPlace`) from start to end. */
export async function withHeavyReadPlace<T>(
  database: DatabaseHandle,
  principal: Principal,
  read: () => Promise<T>,
): Promise<T> {
  const giveBack = await takeHeavyReadPlace(database, principal);
  try {
    return await read();
  } finally {
    await giveBack();
  }
}

/**
 * `read`'s statements in one transaction, each cancelled by PostgreSQL past LIST_TIMEOUT_SECONDS and answered as
 * 503 "This search took too long", so that no search holds a connection and a core for long. The embedded database
 * (PGlite) runs a statement to its end whatever the setting (it runs in this process's only thread, which nothing can
 * interrupt: a 200 ms timeout let a 47 s count finish), and a transaction there holds the database for all of its
 * statements, so every other request, /api/health too, would wait for the whole of it: there the statements run
 * alone, and the bounds are the heavy-read places and the size of a page.
 */
export async function withListTimeout<T>(context: AppContext, read: (executor: Executor) => Promise<T>): Promise<T> {
  if (context.database.kind === "pglite") return read(context.db);
  const milliseconds = Math.max(1, Math.round(context.config.listTimeoutSeconds * 1000));
  try {
    return await context.db.transaction(async (tx) => {
      // `set local` takes no parameter; set_config(..., true) is the same setting for this transaction only.
      await tx.execute(sql`select set_config('statement_timeout', ${String(milliseconds)}, true)`);
      return read(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError(503, "SEARCH_TOO_SLOW");
    throw error;
  }
}
