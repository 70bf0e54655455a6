import { type Placeholder, type SQL, type SQLWrapper, sql, type WithSubquery } from "drizzle-orm";
import { type Executor, holdNextStatement } from "./connection.js";
import { prefixedValues, preparedStatement } from "./prepared.js";

/**
 * Writes of a transaction whose results nobody reads (an audit row, a queued mail, a submission, an order's items),
 * sent with the next statement the transaction runs anyway, as data-modifying CTEs of it. On sale day a round trip
 * to PostgreSQL costs more than most statements it carries: a checkout made 28 of them.
 *
 * What PostgreSQL guarantees for such a statement decides what may be batched: every part of one statement sees the
 * database as it was before it (a batched write is not visible to the statement that carries it, nor to the other
 * writes batched with it, unless it reads a write's RETURNING by its alias), and no row may be changed twice in it.
 * Foreign keys are checked at its end, so an order and its items may travel together. A write batched before a
 * statement whose failure is caught (a savepoint, a unique violation answered) would be lost with it: flush first.
 */

/**
 * A write of the sale-day path that Drizzle builds once rather than at each call (`writePrepared`): `build` writes it
 * with `value(key)` for each of its values, placeholders filled at each run. Flushed alone or with other prepared
 * writes, the statement that carries them is built once per sequence of their names. `alias` names its WITH query
 * for a later write of the same batch to read its RETURNING (an invoice reads the number its series' counter gave).
 */
export type PreparedWrite<Key extends string = string> = {
  readonly name: string;
  readonly alias?: string;
  build(executor: Executor, value: (key: Key) => Placeholder): SQLWrapper;
};

export const preparedWrite = <Key extends string>(
  name: string,
  build: PreparedWrite<Key>["build"],
  options: { alias?: string } = {},
): PreparedWrite<Key> => ({ name, build, ...options });

type Pending =
  | { kind: "built"; sql: SQL }
  | { kind: "prepared"; write: PreparedWrite; values: Record<string, unknown> };

/** The flushing statements built once, by the sequence of their writes' names. Bounded, as statements' names are. */
const flushStatements = new Map<string, ReturnType<typeof flushStatement>>();
const maxFlushStatements = 500;

const flushStatement = (writes: readonly PreparedWrite[], name: string) =>
  preparedStatement((executor) =>
    nothingSelected(
      executor.with(
        ...writes.map((write, index) =>
          cteOf(
            executor,
            write.alias,
            index,
            write.build(executor, (key) => sql.placeholder(`w${index}_${key}`)),
          ),
        ),
      ),
    ).prepare(name),
  );

const cteOf = (executor: Executor, alias: string | undefined, index: number, write: SQLWrapper) =>
  executor.$with(alias ?? `batched_write_${index}`, {}).as(write.getSQL());

const nothingSelected = (carrier: ReturnType<Executor["with"]>) =>
  carrier.select({ done: sql`1` }).from(sql`(select) as nothing`);

/**
 * The writes in the order to list them in a statement's WITH list. PostgreSQL runs the data-modifying WITH queries
 * that nothing reads from the last listed to the first: listed last added first, they run in the order they were
 * added, so a batch's last write (a cart's units taken, an invoice's number) locks its rows no longer than until the
 * commit. A write read by its alias stays listed right before the write added after it, its reader (a WITH query
 * reads only those listed before it), which runs it as it reads it.
 */
function inRunOrder(pending: readonly Pending[]): Pending[] {
  const groups: Pending[][] = [];
  for (let index = 0; index < pending.length; index++) {
    const write = pending[index] as Pending;
    const reader = write.kind === "prepared" && write.write.alias !== undefined ? pending[index + 1] : undefined;
    groups.push(reader ? [write, reader] : [write]);
    if (reader) index++;
  }
  return groups.reverse().flat();
}

export class WriteBatch {
  private pending: Pending[] = [];

  constructor(readonly executor: Executor) {}

  add(write: SQLWrapper): void {
    this.pending.push({ kind: "built", sql: write.getSQL() });
  }

  addPrepared<Key extends string>(write: PreparedWrite<Key>, values: Record<Key, unknown>): void {
    this.pending.push({ kind: "prepared", write: write as PreparedWrite, values });
  }

  /** The pending writes, listed in their run order (`inRunOrder`); the batch is then empty. */
  private take(): Pending[] {
    const taken = inRunOrder(this.pending);
    this.pending = [];
    return taken;
  }

  /**
   * Drizzle's builders for the next statement, carrying the pending writes (the batch is then empty), beside the
   * statement's own WITH queries (`own`).
   */
  carrier(...own: WithSubquery[]) {
    return this.executor.with(...this.ctesOf(this.take()), ...own);
  }

  /**
   * The WITH queries of listed writes, built now: a prepared write with its values (`value(key)` gives the value
   * itself, which Drizzle binds as it binds any).
   */
  private ctesOf(listed: readonly Pending[]) {
    return listed.map((pending, index) =>
      pending.kind === "built"
        ? cteOf(this.executor, undefined, index, pending.sql)
        : cteOf(
            this.executor,
            pending.write.alias,
            index,
            pending.write.build(this.executor, (key) => pending.values[key] as Placeholder),
          ),
    );
  }

  /**
   * Sends what is pending, ahead of the transaction's next statement (its commit, when nothing else follows) in the
   * same round trip; nothing pending, nothing sent. An error of these writes is then that statement's. `held: false`
   * sends them at once. Writes all prepared go in a statement built once for their sequence.
   */
  async flush(options: { held: boolean } = { held: true }): Promise<void> {
    if (this.pending.length === 0) return;
    if (options.held) holdNextStatement(this.executor);
    const listed = this.take();
    const statement = flushStatementFor(listed);
    if (!statement) {
      await nothingSelected(this.executor.with(...this.ctesOf(listed)));
      return;
    }
    const values: Record<string, unknown> = {};
    listed.forEach((pending, index) => {
      if (pending.kind === "prepared") prefixedValues(`w${index}_`, pending.values, values);
    });
    await statement(this.executor).execute(values);
  }
}

/** The statement built once for listed writes, when all are prepared (and not too many sequences were seen). */
function flushStatementFor(listed: readonly Pending[]) {
  const writes = listed.flatMap((pending) => (pending.kind === "prepared" ? [pending.write] : []));
  if (writes.length !== listed.length) return undefined;
  const key = writes.map((write) => write.name).join(",");
  let statement = flushStatements.get(key);
  if (!statement && flushStatements.size < maxFlushStatements) {
    statement = flushStatement(writes, `write_batch_${flushStatements.size}`);
    flushStatements.set(key, statement);
  }
  return statement;
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

/** Runs a write whose result nobody reads now, or keeps it in the batch. */
export async function write(writer: Writer, build: (executor: Executor) => SQLWrapper & PromiseLike<unknown>) {
  if (writer instanceof WriteBatch) writer.add(build(writer.executor));
  else await build(writer);
}

/** `write` of a prepared write: kept in the batch, or run at once (in a statement built once, as a batch of one). */
export async function writePrepared<Key extends string>(
  writer: Writer,
  prepared: PreparedWrite<Key>,
  values: Record<Key, unknown>,
) {
  if (writer instanceof WriteBatch) {
    writer.addPrepared(prepared, values);
    return;
  }
  const alone = new WriteBatch(writer);
  alone.addPrepared(prepared, values);
  await alone.flush({ held: false });
}

/** `work` with a batch of its own, flushed when `work` is done (after an error nothing is sent: it rolls back). */
export async function withWriteBatch<T>(executor: Executor, work: (batch: WriteBatch) => Promise<T>): Promise<T> {
  const batch = new WriteBatch(executor);
  const result = await work(batch);
  await batch.flush();
  return result;
}
