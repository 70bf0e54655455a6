import pg from "pg";

/**
 * Names given to the statements Drizzle sends with values, one per distinct SQL text, shared by every connection.
 * Bounded: a text built with a varying shape (a list of n values) past the first two thousand goes unnamed.
 */
const statementNames = new Map<string, string>();
const maxNamedStatements = 2000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < maxNamedStatements) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A command sent ahead of a statement, in its round trip. */
type Command = { text: string; name?: string; values?: unknown[] };

/** What pg's connection offers a query as it writes its messages (pg/lib/connection.js). */
type Connection = {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name?: string }): void;
  bind(config: { statement?: string; values?: unknown[]; valueMapper?: (value: unknown) => unknown }): void;
  execute(config: { portal?: string }): void;
  close(config: { type: "S"; name: string }): void;
};

const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/**
 * A statement between commands sent ahead of it and behind it, all before one Sync: PostgreSQL runs them in order in
 * one round trip, and skips what follows a failure, whose error is then this statement's. The commands' completions
 * (and rows) are not this statement's and are left out of its result.
 */
class QueryAmongCommands extends pg.Query {
  private unanswered: number;
  /** Parses sent for the commands ahead, whose completions come first and are not the statement's. */
  private aheadParses = 0;

  constructor(
    private readonly ahead: Command[],
    private readonly behind: Command[],
    private readonly config: pg.QueryConfig,
    values?: unknown[],
  ) {
    super(config, values);
    this.unanswered = ahead.length;
  }

  requiresPreparation(): boolean {
    return true; // the extended protocol, even without values: the simple one would end the round trip first
  }

  prepare(connection: Connection): void {
    const parsedNow = new Set<string>();
    let parses = 0;
    const send = (command: Command) => {
      const name = command.name ?? "";
      if (!(name && (connection.parsedStatements[name] === command.text || parsedNow.has(name)))) {
        // Closing a statement that does not exist is no error: this one may have been prepared by a round trip
        // that failed after its Parse, unknown to pg.
        if (name) connection.close({ type: "S", name });
        connection.parse({ text: command.text, name });
        parsedNow.add(name);
        parses++;
      }
      connection.bind({ statement: name, values: command.values ?? [], valueMapper: prepareValue });
      connection.execute({});
    };
    for (const command of this.ahead) send(command);
    this.aheadParses = parses;
    // The statement itself may be one of the commands: prepared above, it is not prepared twice.
    const { name, text } = this.config;
    if (name && parsedNow.has(name)) connection.submittedNamedStatements[name] = text;
    // Its own messages end with a Sync, unless commands follow: sent by `_getRows` below.
    this.sendBehind = () => {
      for (const command of this.behind) send(command);
    };
    (pg.Query.prototype as unknown as { prepare(connection: Connection): void }).prepare.call(this, connection);
  }

  private sendBehind = () => {};

  /** True for the completion of a command's parse (pg would take it for the statement's: see PreparingClient). */
  takeParseCompleteAhead(): boolean {
    if (this.aheadParses === 0) return false;
    this.aheadParses--;
    return true;
  }

  /** pg's last step of a statement: its Execute, then the Sync; the commands behind go between. */
  _getRows(connection: Connection & { sync(): void }, rows: number | undefined): void {
    connection.execute({});
    this.sendBehind();
    connection.sync();
    void rows; // never paged: these queries are Drizzle's, which asks for all rows
  }

  handleDataRow(message: unknown): void {
    // A command's rows (a write batch selects one), sent without a description since none was asked for.
    if (this.unanswered === 0) (pg.Query.prototype as unknown as Handlers).handleDataRow.call(this, message);
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    if (this.unanswered !== 0) {
      // A command's: ahead of the statement (counting down to it) or behind it (-1, once it completed).
      if (this.unanswered > 0) this.unanswered--;
      return;
    }
    this.unanswered = -1;
    (pg.Query.prototype as unknown as Handlers).handleCommandComplete.call(this, message, connection);
  }

  /** Once all went through, the commands' statements are known prepared; after an error, prepared again next time. */
  handleReadyForQuery(connection: Connection): void {
    for (const { name, text } of this.ahead) if (name) connection.parsedStatements[name] = text;
    (pg.Query.prototype as unknown as Handlers).handleReadyForQuery.call(this, connection);
  }
}

type Handlers = {
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};

const emptyResult = (command: string) => ({ command, rowCount: 0, oid: 0, rows: [], fields: [] });

/**
 * The connection of the PostgreSQL server's pool, which spares round trips and the parsing of statements: on sale day
 * a round trip costs the server and PostgreSQL about as much CPU as the statement it carries.
 *
 * - Every statement sent with values is prepared on the server (named), so PostgreSQL parses and plans a statement
 *   once per connection rather than once per call. A prepared statement outlives a rolled-back transaction; one whose
 *   preparation failed is prepared again.
 * - A transaction's `begin`, and a write held for the next statement (`holdNextStatement`: a write batch's last
 *   flush), are not sent on their own: they go ahead of the next statement, in its round trip. A transaction of
 *   three statements thus costs three round trips, not five: `begin` with the first, the last write with `commit`.
 *   The row locks that last write takes (a ticket's units, an invoice number) are then held for no more than the
 *   commit. A held write's error is the next statement's; a rollback drops what was not sent, and a transaction
 *   that sent nothing sends nothing to end.
 * - A transaction may also end with its last statement (`commitWithNextStatement`: a cart read back once written),
 *   `commit` following it in its round trip. Its error, or the commit's, is that statement's.
 * - Statements may run on the transaction's connection before it begins (`runBeforeBegin`), each committed on its
 *   own: a read that counts rate-limit hits, whose buckets are then not locked for the transaction's time.
 */
export class PreparingClient extends pg.Client {
  private ahead: Command[] = [];
  private holdingNext = false;
  private committingWithNext = false;
  private beforeBegin = false;
  /** Whether the open transaction was committed with its last statement: Drizzle's own `commit` is then not sent. */
  private committedWithStatement = false;

  /** Whether the transaction's `begin` is still ahead, not sent (it is only ever held first). */
  private beginAhead(): boolean {
    return this.ahead[0]?.text === "begin";
  }

  /** The next statement is not sent now but ahead of the one after it (its result is then empty). */
  holdNextStatement(): void {
    this.holdingNext = true;
  }

  /**
   * While on, statements run on their own, each committed as it ends, before the transaction's `begin` (still held)
   * is sent: unless the transaction has begun already.
   */
  runBeforeBegin(on: boolean): void {
    this.beforeBegin = on;
  }

  /** The next statement is followed by `commit`, in its round trip: the transaction ends with it. */
  commitWithNextStatement(): void {
    this.committingWithNext = true;
  }

  /**
   * pg takes any ParseComplete for the active statement's, which would then be known prepared though a failure ahead
   * of it skipped its own Parse: the commands' ones are theirs.
   */
  _handleParseComplete(): void {
    const active = (this as unknown as { _getActiveQuery(): unknown })._getActiveQuery();
    if (active instanceof QueryAmongCommands && active.takeParseCompleteAhead()) return;
    (pg.Client.prototype as unknown as { _handleParseComplete(): void })._handleParseComplete.call(this);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a family of overloads; this one forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    const params: unknown[] | undefined = Array.isArray(values) ? values : undefined;
    const text: string | undefined = typeof config === "string" ? config : config?.text;
    if (params && params.length > 0 && typeof config?.text === "string" && config.name === undefined) {
      config.name = statementName(config.text);
    }
    // Callbacks are pg-pool's own queries, outside any transaction; submittables (cursors) go as they came.
    const promised = typeof values !== "function" && callback === undefined && typeof config?.submit !== "function";
    if (!promised || text === undefined) return super.query(config, values, callback);
    if (text === "begin" && this.ahead.length === 0) {
      this.ahead.push({ text });
      return Promise.resolve(emptyResult("BEGIN"));
    }
    if (this.beforeBegin && this.beginAhead() && this.ahead.length === 1) return super.query(config, values, callback);
    if (text === "commit" && this.committedWithStatement) {
      this.committedWithStatement = false;
      return Promise.resolve(emptyResult("COMMIT"));
    }
    if (text === "commit" || text === "rollback") {
      // The end of the transaction, whatever was asked of the statement that was to carry the commit.
      this.committedWithStatement = false;
      this.committingWithNext = false;
      this.holdingNext = false;
      this.beforeBegin = false;
      const nothingSent = this.beginAhead();
      const onlyBegin = nothingSent && this.ahead.length === 1;
      if (text === "rollback") this.ahead = [];
      if (nothingSent && (text === "rollback" || onlyBegin)) {
        this.ahead = [];
        return Promise.resolve(emptyResult(text.toUpperCase()));
      }
    }
    if (this.holdingNext) {
      this.holdingNext = false;
      this.ahead.push({ text, name: config.name, values: params });
      return Promise.resolve(emptyResult("SELECT"));
    }
    const behind: Command[] = this.committingWithNext ? [{ text: "commit" }] : [];
    this.committedWithStatement = this.committingWithNext;
    this.committingWithNext = false;
    if (this.ahead.length === 0 && behind.length === 0) return super.query(config, values, callback);
    const ahead = this.ahead;
    this.ahead = [];
    const query = new QueryAmongCommands(ahead, behind, typeof config === "string" ? { text } : config, params);
    return new Promise((resolve, reject) => {
      (query as unknown as { callback: (error: Error | null, result: unknown) => void }).callback = (error, result) =>
        error ? reject(error) : resolve(result);
      super.query(query);
    });
  }
}
