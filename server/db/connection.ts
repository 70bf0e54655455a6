import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Socket } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isTransientConflict, refusalOf } from "../platform/errors.js";
import { namedStatementsOf } from "./pglite-statements.js";
import { statementNamer } from "./statement-names.js";

/**
 * One type for both drivers: every query in the services is written against it. Without Drizzle's relational query
 * API (`db.query`), which the services do not use: given the schema, Drizzle made a query builder for each of its
 * tables in every transaction it opened, twice per checkout.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Anything a service can run a query on: the database itself, or an open transaction. */
export type Executor = Database | Transaction;

/** The rows of a raw SQL statement. Both drivers answer raw SQL with `{ rows }`; Drizzle types them apart. */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The raw SQL door pg-boss needs (`db.executeSql`), backed by the same connection as Drizzle. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type DatabaseHandle = {
  db: Database;
  sql: SqlExecutor;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * The driver's client of the database, the pool or PGlite's (pglite-statements.ts): Drizzle's `$client`, which its
 * `Database` type leaves out.
 */
export const clientOf = (db: Database) => (db as Database & { $client: unknown }).$client;

/** The embedded database under `db`, if it is one. */
export function pgliteOf(db: Database): PGlite | undefined {
  const { pglite } = clientOf(db) as { pglite?: unknown };
  return pglite instanceof PGlite ? pglite : undefined;
}

/** The names of the statements sent with values, shared by every connection of the process. */
const nameOf = statementNamer("s");

/**
 * pg's client of the pool's connections. It names each statement sent with values after its text (pg's `name`), the
 * app's and the job queue's: PostgreSQL then parses and plans it once per connection rather than at every call, as
 * Drizzle's `prepare(name)` does for the statements built once. Unnamed, a registration cost PostgreSQL twice the CPU
 * (3.5 ms rather than 1.7 ms, bench/forms.ts). And it keeps the socket it hands pg (pg's `stream` option), which a
 * unit of work corks to write its statements in one system call (`socketOf`).
 */
class ServerConnection extends pg.Client {
  readonly socket: Socket;

  constructor(config: string | pg.ClientConfig = {}) {
    const socket = new Socket();
    super({ ...(typeof config === "string" ? { connectionString: config } : config), stream: () => socket });
    this.socket = socket;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a family of overloads; this one forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    // A text (pg-boss's, through the pool) or a query's config (Drizzle's), named unless it has a name of its own.
    const query = typeof config === "string" ? { text: config } : config;
    if (Array.isArray(values) && values.length > 0 && typeof query?.text === "string" && query.name === undefined) {
      const name = nameOf(query.text);
      if (name !== undefined) return super.query({ ...query, name }, values, callback);
    }
    return super.query(config, values, callback);
  }
}

/** The socket of a pool's connection (`ServerConnection`). */
export const socketOf = (connection: pg.PoolClient): Socket | undefined =>
  connection instanceof ServerConnection ? connection.socket : undefined;

/** The connections each process opens to a PostgreSQL server. */
export const poolConnections = 10;

/** How many statements of this process the database runs at once: the embedded one runs one at a time. */
export const concurrentStatements = (database: Pick<DatabaseHandle, "kind">) =>
  database.kind === "pglite" ? 1 : poolConnections;

/**
 * The database, migrated: on the PostgreSQL server of `url`, or embedded (PGlite) in `dataDir`, or else in memory
 * (tests), where it may start as a copy of another's files (`copyOf`, a PGlite dump: the test run's migrated database).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  copyOf?: Blob;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // Pipelined (pg's own mode): a statement is written to the server without waiting for the answers before it, which
    // units of work use to send their writes and commit with the statements they await (unit-of-work.ts).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: poolConnections,
      pipeline: true,
      Client: ServerConnection,
    });
    // The server may close an idle connection (restart, failover, idle timeout, a forced drop in tests): the pool
    // already discards it and opens another on the next query, so the event must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool });
    await migrateNodePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      sql: { executeSql: (text, values) => pool.query(text, values) },
      close: () => pool.end(),
    };
  }
  // The migrations create pg_trgm (guest search index); PGlite can only create the extensions it was given here.
  const extensions = { pg_trgm };
  let client: PGlite;
  let releaseLock = () => {};
  if (options.dataDir) {
    const folder = path.join(options.dataDir, "pgdata");
    mkdirSync(folder, { recursive: true });
    releaseLock = lockDataFolder(options.dataDir);
    client = new PGlite(folder, { extensions });
  } else {
    client = new PGlite({ extensions, loadDataDir: options.copyOf });
  }
  const named = namedStatementsOf(client).client();
  const db = drizzlePglite({ client: named as never });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    sql: {
      // pg-boss's statements with values run named, as the app's do (its polls and sends are parsed once); it sends
      // multi-statement scripts without values, which PGlite runs only through exec().
      async executeSql(text, values) {
        if (values && values.length > 0) return named.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** PGlite allows one process per data folder; a second one would corrupt it, so it is refused with a clear reason. */
function lockDataFolder(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "pgdata.lock");
  try {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The embedded database in ${dataDir} is in use by process ${holder}. Stop it first.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `db.transaction`, run again (up to three times) when PostgreSQL aborted it for a deadlock or a serialization
 * failure: two guests trading quota answers at the same instant lock the same counters in opposite orders, and the
 * loser of that race should get an answer, not a server error. `work` must hold nothing outside the transaction.
 * A refusal PostgreSQL raised (a quota gone, found by a write sent with the commit) is answered as such.
 */
export function transactionRetried<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return retriedOnConflict(() => db.transaction(work));
}

/** `run` (a whole transaction), run again as `transactionRetried` says. */
export async function retriedOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !isTransientConflict(error)) throw refusalOf(error) ?? error;
      // A moment for the winner to take the row it waited for: run again at once, the loser may find that row free
      // first (PostgreSQL does not keep it for the waiter) and deadlock again.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
}
