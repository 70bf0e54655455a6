import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { clientOf, type Database, type Executor, pgliteOf, retriedOnConflict, socketOf } from "./connection.js";
import { namedStatementsOf } from "./pglite-statements.js";
import { type PendingWrite, sendWrites } from "./prepared.js";

/*
 * A unit of work: the statements of one request that commit or fail together, written out in the order they run, the
 * last of them carrying the commit. Each sale-day request (a cart, a checkout, a registration) is one unit.
 *
 * On a PostgreSQL server the pool's connections pipeline (pg's own `pipeline` mode): statements are written to the
 * server one behind the other, without waiting for the answers before them. A unit spends few round trips that way:
 * - `begin` goes out with the unit's first statement, in its round trip;
 * - `send(...writes)` takes writes whose answer nobody waits for (an audit row, a queued mail, an order's items): they
 *   go out with the next statement, ahead of it in the same round trip, and their error is the unit's;
 * - `write(...writes)` sends writes now, with what is ahead, and answers when they are done (a refusal to catch);
 * - `commitWith(last)` sends the unit's last statement with the writes ahead of it and `commit` behind it.
 * Prepared writes (`preparedWrite`, prepared.ts) sent one after another go out as one statement of WITH queries
 * (`sendWrites`): on sale day each statement costs PostgreSQL a snapshot and an executor start-up, and PGlite a run
 * through WASM. Like the WITH queries of any statement, they all see the database as it was when it started: a write
 * that must see another's rows goes out after a statement of its own (an awaited one, or `send` of a function).
 * On the embedded database (PGlite) the same statements run in the same order in its transaction, one after another:
 * the protocol is the same, only the round trips differ (there is no network to spare). Its statements sent with
 * values are parsed once, as the server's are (pglite-statements.ts). On both, a statement sent on the unit after its
 * commit is refused (StatementAfterCommitError) rather than run outside the transaction.
 */

/** A statement's answer: asking a Drizzle builder for it (`then`) is what sends it. */
type Answer<T> = PromiseLike<T>;

/** Sent ahead of a unit's next statement: a prepared write, or a function that sends a statement when called. */
type Sendable = PendingWrite | (() => Answer<unknown>);

/** The answer as a promise, asked for now: `Promise.resolve` would call `then` later, after statements sent since. */
const askedNow = <T>(answer: Answer<T>) => new Promise<T>((resolve, reject) => answer.then(resolve, reject));

export type UnitOfWork = {
  /** The unit's executor: what runs on it runs in the unit's transaction, in the order it is sent. */
  readonly tx: Executor;
  /**
   * Writes whose answer nobody waits for, sent ahead of the next statement: prepared writes, or a function called then
   * whose statement goes out on its own.
   */
  send(...writes: Sendable[]): void;
  /** Prepared writes sent now (after what is ahead), answered when done: their error is thrown here. */
  write(...writes: PendingWrite[]): Promise<unknown>;
  /** The unit's last statement, sent with `commit` behind it. Answers the statement's answer. */
  commitWith<T>(last: () => Answer<T>): Promise<T>;
  /**
   * `work` in a savepoint: should it throw, what it wrote is undone and the unit goes on (Drizzle's nested
   * `transaction()` has no place in a unit, whose `begin` and `commit` are its own).
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
};

export class StatementAfterCommitError extends Error {
  constructor() {
    super("a statement was sent on a unit of work after its commit: it must come before commitWith's");
  }
}

/** The statements that open and end a transaction, which a unit sends itself: a nested `transaction()` would. */
const transactionControl = new Set(["begin", "commit", "rollback"]);
const textOf = (query: unknown) => (typeof query === "string" ? query : (query as { text?: unknown } | null)?.text);

type Target = { query(...args: unknown[]): Promise<unknown> };

/** A connection's socket, whose writes Node gathers into one system call while it is corked. */
type Socket = { cork(): void; uncork(): void };

/**
 * What Drizzle's session of a unit queries: the unit's connection, with `begin` and the writes sent ahead of the
 * statement that goes out, in its round trip. One per connection of the pool (and one for PGlite), reused unit after
 * unit: a connection serves one unit at a time.
 */
class UnitClient implements UnitOfWork {
  readonly tx: Executor;
  private target: Target | undefined;
  private socket: Socket | undefined;
  private beginAhead = false;
  private sendsCommit = false;
  private ahead: Sendable[] = [];
  /** The answers of what was sent and is not awaited by anyone: `begin` and the writes. */
  private unanswered: Promise<unknown>[] = [];
  private sendingAhead = false;
  committing = false;

  constructor(makeDrizzle: (client: UnitClient) => Database) {
    this.tx = makeDrizzle(this);
  }

  /**
   * `sendsBeginAndCommit`: a server's unit sends its own `begin` and `commit`; PGlite's transaction sends them itself,
   * and statements run before a unit (`unitOfWorkAfter`) are each committed on their own.
   */
  start(target: Target, options: { sendsBeginAndCommit: boolean; socket?: Socket }) {
    this.target = target;
    this.socket = options.socket;
    this.beginAhead = options.sendsBeginAndCommit;
    this.sendsCommit = options.sendsBeginAndCommit;
    this.ahead = [];
    this.unanswered = [];
    this.committing = false;
  }

  end() {
    this.target = undefined;
    this.ahead = [];
  }

  /** Drizzle's queries of the unit's statements (and of the writes ahead of them, as they go out). */
  query(...args: unknown[]): Promise<unknown> {
    if (!this.target) return Promise.reject(new StatementAfterCommitError());
    const text = textOf(args[0]);
    if (typeof text === "string" && text.length <= 10 && transactionControl.has(text.trim().toLowerCase())) {
      return Promise.reject(new Error(`"${text}" on a unit of work: use unit.savepoint() for a nested transaction`));
    }
    if (this.sendingAhead) return this.target.query(...args);
    const target = this.target;
    return this.together(() => {
      this.sendAhead(target);
      return target.query(...args);
    });
  }

  /**
   * `send`'s statements written to the server in one system call: pg writes each statement on its own, and on a
   * registration a tenth of the server's CPU went to those calls.
   */
  private together<T>(send: () => T): T {
    this.socket?.cork();
    try {
      return send();
    } finally {
      this.socket?.uncork();
    }
  }

  private sendAhead(target: Target) {
    this.sendingAhead = true;
    try {
      if (this.beginAhead) {
        this.beginAhead = false;
        this.track(target.query("begin"));
      }
      const ahead = this.ahead;
      this.ahead = [];
      let writes: PendingWrite[] = [];
      const sendWritesInARow = () => {
        if (writes.length > 0) this.track(sendWrites(this.tx, writes));
        writes = [];
      };
      for (const sendable of ahead) {
        if (typeof sendable === "function") {
          sendWritesInARow();
          this.track(sendable());
        } else {
          writes.push(sendable);
        }
      }
      sendWritesInARow();
    } finally {
      this.sendingAhead = false;
    }
  }

  private track(answer: Answer<unknown>) {
    const answered = askedNow(answer);
    answered.catch(() => {}); // answered by `firstFailure`, at the commit or after a failure
    this.unanswered.push(answered);
  }

  send(...writes: Sendable[]): void {
    if (!this.target) throw new StatementAfterCommitError();
    this.ahead.push(...writes);
  }

  write(...writes: PendingWrite[]): Promise<unknown> {
    return sendWrites(this.tx, writes);
  }

  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    await this.tx.execute(sql`savepoint unit_of_work`);
    const sentBefore = this.unanswered.length;
    try {
      const result = await work();
      this.send(() => this.tx.execute(sql`release savepoint unit_of_work`));
      return result;
    } catch (error) {
      // What the work sent is undone with it: its failures are no longer the unit's.
      this.ahead = [];
      const sentInside = this.unanswered.splice(sentBefore);
      const outcomes = await Promise.allSettled(sentInside);
      await this.tx.execute(sql`rollback to savepoint unit_of_work`);
      const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      throw failure ? failure.reason : error;
    }
  }

  async commitWith<T>(last: () => Answer<T>): Promise<T> {
    let answer: Promise<T> | undefined;
    await this.commit(() => {
      answer = askedNow(last());
      return answer;
    });
    return answer as Promise<T>;
  }

  /**
   * Sends what is still ahead, the last statement if any, and `commit` (on a server), then waits for every answer.
   * Nothing goes out on the unit after.
   */
  async commit(last?: () => Promise<unknown>): Promise<void> {
    const target = this.target;
    if (!target) throw new StatementAfterCommitError();
    this.together(() => {
      if (last) this.track(last());
      // Writes still ahead: the last statement did not go out when asked (it is refused below, after the commit).
      this.sendAhead(target);
      this.committing = true;
      this.target = undefined;
      if (this.sendsCommit) this.track(target.query("commit"));
    });
    const failure = await this.firstFailure();
    if (failure) throw failure.reason;
  }

  /**
   * `work` on the unit, committed at its end unless it committed itself. On a failure, `rollback` runs unless `commit`
   * went out (a failure ahead of it made it end the transaction: PostgreSQL answers "ROLLBACK"), and the unit's error is
   * the first failure among what was sent: a write sent ahead of the statement that failed went out before it.
   */
  async run<T>(work: (unit: UnitOfWork) => Promise<T>, rollback: () => Promise<void> = async () => {}): Promise<T> {
    try {
      const result = await work(this);
      if (!this.committing) await this.commit();
      return result;
    } catch (error) {
      const earlier = await this.firstFailure();
      if (!this.committing) await rollback();
      throw earlier ? earlier.reason : error;
    }
  }

  /**
   * Waits for every answer sent and not awaited, and answers the first failure among them in the order they went out:
   * PostgreSQL skips what follows a failure in a transaction, so that one is the unit's error, and the errors behind
   * it only say that the transaction was aborted (they may reach their promise first).
   */
  async firstFailure(): Promise<PromiseRejectedResult | undefined> {
    const sent = this.unanswered;
    this.unanswered = [];
    const outcomes = await Promise.allSettled(sent);
    return outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  }
}

const unitClients = new WeakMap<object, UnitClient>();

function unitClientOf(connection: object, makeDrizzle: (client: UnitClient) => Database): UnitClient {
  let client = unitClients.get(connection);
  if (!client) {
    client = new UnitClient(makeDrizzle);
    unitClients.set(connection, client);
  }
  return client;
}

/**
 * Runs `work` as one unit of work (see above), run again from the start should PostgreSQL abort it for a deadlock or a
 * serialization failure (`retriedOnConflict`). A unit whose work returns without `commitWith` is committed then.
 * `work` must hold nothing outside the transaction.
 */
export function unitOfWork<T>(db: Database, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  return unitOfWorkAfter(db, async () => undefined, work);
}

/**
 * `first`, its statements each committed on its own (reads, rate-limit hits that must count whatever follows), then
 * `work` as a unit of work given first's answer; only `work` is run again after a conflict. On a PostgreSQL server
 * both run on one connection, taken from the pool once: on sale day a request that went back to the pool's queue
 * between the two would wait there again behind every request queued meanwhile.
 */
export function unitOfWorkAfter<First, T>(
  db: Database,
  first: (executor: Executor) => Promise<First>,
  work: (unit: UnitOfWork, first: First) => Promise<T>,
): Promise<T> {
  const pglite = pgliteOf(db);
  return pglite ? runOnPglite(pglite, db, first, work) : runOnServer(clientOf(db) as pg.Pool, first, work);
}

async function runOnServer<First, T>(
  pool: pg.Pool,
  first: (executor: Executor) => Promise<First>,
  work: (unit: UnitOfWork, first: First) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  const unit = unitClientOf(connection, (client) => drizzleNodePg({ client: client as never }) as unknown as Database);
  let broken: Error | undefined;
  try {
    unit.start(connection as unknown as Target, { sendsBeginAndCommit: false });
    const answer = await first(unit.tx);
    return await retriedOnConflict(async () => {
      unit.start(connection as unknown as Target, { sendsBeginAndCommit: true, socket: socketOf(connection) });
      return unit.run(
        (started) => work(started, answer),
        () =>
          connection.query("rollback").then(
            () => undefined,
            (rollbackError: Error) => {
              broken = rollbackError;
            },
          ),
      );
    });
  } finally {
    unit.end();
    connection.release(broken);
  }
}

async function runOnPglite<First, T>(
  pglite: PGlite,
  db: Database,
  first: (executor: Executor) => Promise<First>,
  work: (unit: UnitOfWork, first: First) => Promise<T>,
): Promise<T> {
  const answer = await first(db);
  // One client for the database: PGlite runs one transaction at a time, so one unit at a time uses it.
  const unit = unitClientOf(pglite, (client) => drizzlePglite({ client: client as never }) as unknown as Database);
  return retriedOnConflict(() =>
    pglite.transaction(async (transaction: PGliteTransaction) => {
      unit.start(namedStatementsOf(pglite).targetIn(transaction) as Target, { sendsBeginAndCommit: false });
      // A failure makes PGlite's transaction roll back as it ends.
      return unit.run((started) => work(started, answer)).finally(() => unit.end());
    }),
  );
}
