import { type SQL, type SQLWrapper, sql, type WithSubquery } from "drizzle-orm";
import { type Executor, holdNextStatement } from "./connection.js";

/**
 * Writes of a transaction whose results nobody reads (an audit row, a queued mail, a submission, an order's items),
 * sent with the next statement the transaction runs anyway, as data-modifying CTEs of it. On sale day a round trip
 * to PostgreSQL costs more than most statements it carries: a checkout made 28 of them.
 *
 * What PostgreSQL guarantees for such a statement decides what may be batched: every part of one statement sees the
 * database as it was before it (a batched write is not visible to the statement that carries it, nor to the other
 * writes batched with it), and no row may be changed twice in it. Foreign keys are checked at its end, so an order
 * and its items may travel together. A write batched before a statement whose failure is caught (a savepoint, a
 * unique violation answered) would be lost with it: flush first.
 */
export class WriteBatch {
  private pending: SQL[] = [];

  constructor(readonly executor: Executor) {}

  add(write: SQLWrapper): void {
    this.pending.push(write.getSQL());
  }

  private take(): SQL[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /**
   * Drizzle's builders for the next statement, carrying the pending writes (the batch is then empty), beside the
   * statement's own WITH queries (`own`).
   */
  carrier(...own: WithSubquery[]) {
    const ctes = this.take().map((write, index) => this.executor.$with(`batched_write_${index}`, {}).as(write));
    return this.executor.with(...ctes, ...own);
  }

  /**
   * The pending writes as CTE definitions, each after a comma, to put at the end of the WITH list of a raw statement
   * that has one of its own (the batch is then empty).
   */
  carriedSql(): SQL {
    const ctes = this.take().map((write, index) => sql`, ${sql.identifier(`batched_write_${index}`)} as (${write})`);
    return sql.join(ctes);
  }

  /**
   * Sends what is pending, ahead of the transaction's next statement (its commit, when nothing else follows) in the
   * same round trip; nothing pending, nothing sent. An error of these writes is then that statement's.
   */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    holdNextStatement(this.executor);
    await this.carrier().select({ done: sql`1` }).from(sql`(select) as nothing`);
  }
}

/** Where a write goes: run at once on an executor, or kept in a batch for the next statement. */
export type Writer = Executor | WriteBatch;

export const executorOf = (writer: Writer): Executor => (writer instanceof WriteBatch ? writer.executor : writer);

/**
 * Drizzle's builders for a statement to run now, with its own WITH queries (`own`): it carries the batch's pending
 * writes, if it is given a batch.
 */
export const statementOf = (writer: Writer, ...own: WithSubquery[]) =>
  writer instanceof WriteBatch ? writer.carrier(...own) : writer.with(...own);

/** For a raw statement with a WITH list of its own: what to end that list with to carry the batch's pending writes. */
export const carriedSqlOf = (writer: Writer): SQL => (writer instanceof WriteBatch ? writer.carriedSql() : sql``);

/** Runs a write whose result nobody reads now, or keeps it in the batch. */
export async function write(writer: Writer, build: (executor: Executor) => SQLWrapper & PromiseLike<unknown>) {
  if (writer instanceof WriteBatch) writer.add(build(writer.executor));
  else await build(writer);
}

/** `work` with a batch of its own, flushed when `work` is done (after an error nothing is sent: it rolls back). */
export async function withWriteBatch<T>(executor: Executor, work: (batch: WriteBatch) => Promise<T>): Promise<T> {
  const batch = new WriteBatch(executor);
  const result = await work(batch);
  await batch.flush();
  return result;
}
