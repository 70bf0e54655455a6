import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { statementNamer } from "./statement-names.js";

/*
 * The statements of the embedded database (PGlite), each parsed once: those the app sends through Drizzle (`client`)
 * and a unit of work's (`targetIn`). PGlite's own `query` makes six calls into its WebAssembly PostgreSQL for
 * each statement (parse, describe, bind, describe, execute, sync), and PostgreSQL parses and plans the statement anew
 * every time. Here a statement sent with values is parsed and described once, under a name, and each run is one
 * message of the wire protocol (bind, execute, sync) through PGlite's public `execProtocol`: what the PostgreSQL
 * server's connections get from their named statements (connection.ts). On the sale-day benchmark a checkout's server
 * CPU went from about 21 ms to 9 as the units' statements, then those before them, then all were named
 * (bench/results/sale-path-before-after.md: each step measured against the one before, in the same minutes). Values
 * are written and answers read with PGlite's own serializers and parsers, as its `query` does.
 */

type Field = { name: string; dataTypeID: number };
/** A statement parsed under a name: the types of its values and of the columns it answers. */
type Described = { parameterTypes: number[]; fields: Field[] };
/** The messages of PGlite's answers that are read here. */
type Message =
  | { name: "parameterDescription"; dataTypeIDs: number[] }
  | { name: "rowDescription"; fields: Field[] }
  | { name: "dataRow"; fields: (string | null)[] }
  | { name: "commandComplete"; text: string }
  | { name: string };

/** The commands whose count PGlite gives as `affectedRows`. */
const countedCommands = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

class NamedStatements {
  /** Named per database: a statement stays parsed for the database's life. */
  private readonly nameOf = statementNamer("embedded_");
  private readonly described = new Map<string, Described>();

  constructor(private readonly pglite: PGlite) {}

  /**
   * What a unit's statements in `transaction` are sent to: those with values run named, the others as PGlite's. Once
   * the transaction has ended, PGlite's refuses them all ("Transaction is closed"), rather than run them outside it.
   */
  targetIn(transaction: Transaction) {
    return {
      query: (text: string, params: unknown[] = [], options: QueryOptions = {}) => {
        const name = params.length > 0 && !transaction.closed ? this.nameOf(text) : undefined;
        return name === undefined ? transaction.query(text, params, options) : this.run(name, text, params, options);
      },
    };
  }

  /**
   * The app's client of the database, which Drizzle queries (connection.ts). A statement sent with values outside a
   * transaction runs named in a transaction of its own, committed as it ends, as PGlite's `query` commits it; in a
   * transaction, as `targetIn` says. It keeps `pglite`, which the app reaches through `pgliteOf`.
   */
  client() {
    return {
      pglite: this.pglite,
      query: (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
        params.length > 0
          ? this.pglite.transaction((transaction) => this.targetIn(transaction).query(text, params, options))
          : this.pglite.query(text, params, options),
      transaction: <T>(work: (transaction: Transaction) => Promise<T>) =>
        this.pglite.transaction((transaction) => work(this.namedIn(transaction))),
    };
  }

  /** `transaction` with its statements sent as `targetIn` says: what Drizzle's transactions are given. */
  private namedIn(transaction: Transaction): Transaction {
    const { query } = this.targetIn(transaction);
    return {
      query: query as Transaction["query"],
      sql: (...args) => transaction.sql(...args),
      exec: (...args) => transaction.exec(...args),
      rollback: () => transaction.rollback(),
      listen: (...args) => transaction.listen(...args),
      get closed() {
        return transaction.closed;
      },
    };
  }

  /** One run of `text`, in turn with the transaction's other statements (PGlite's lock of its queries). */
  private run(name: string, text: string, params: unknown[], options: QueryOptions) {
    return this.pglite.runExclusive(async () => {
      const statement = this.described.get(name) ?? (await this.describe(name, text));
      const values = params.map((value, index) => this.serialized(value, statement.parameterTypes[index], options));
      const { messages } = await this.pglite.execProtocol(
        Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      return this.resultOf(messages as Message[], statement.fields, options);
    });
  }

  /** Parses `text` under `name`, and reads the types of its values and of the columns it answers. */
  private async describe(name: string, text: string): Promise<Described> {
    const { messages } = await this.pglite.execProtocol(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = (messages as Message[]).find((message) => message.name === "parameterDescription");
    const row = (messages as Message[]).find((message) => message.name === "rowDescription");
    const described: Described = {
      parameterTypes: parameters && "dataTypeIDs" in parameters ? parameters.dataTypeIDs : [],
      fields:
        row && "fields" in row ? (row.fields as Field[]).map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
    };
    this.described.set(name, described);
    return described;
  }

  private serialized(value: unknown, typeId: number | undefined, options: QueryOptions) {
    if (value === null || value === undefined) return null;
    const serializer =
      typeId === undefined ? undefined : (options.serializers?.[typeId] ?? this.pglite.serializers[typeId]);
    return serializer ? serializer(value) : String(value);
  }

  /** The answer as PGlite's `query` gives it: rows (arrays or objects), their fields, the command and its counts. */
  private resultOf(messages: Message[], fields: Field[], options: QueryOptions): Results {
    const rows: Results["rows"] = [];
    let completed: { command?: string; rowCount?: number; affectedRows: number } = { affectedRows: 0 };
    for (const message of messages) {
      if (message.name === "dataRow" && "fields" in message) {
        const values = (message.fields as (string | null)[]).map((value, index) => {
          const typeId = fields[index]?.dataTypeID ?? 0;
          const parse = options.parsers?.[typeId] ?? this.pglite.parsers[typeId];
          return value === null ? null : parse ? parse(value, typeId) : value;
        });
        rows.push(
          options.rowMode === "array"
            ? values
            : Object.fromEntries(fields.map((field, index) => [field.name, values[index]])),
        );
      } else if (message.name === "commandComplete" && "text" in message) {
        const words = message.text.split(" ");
        const command = words[0] ?? "";
        const count = Number.parseInt(words.at(-1) ?? "", 10);
        completed = {
          command,
          affectedRows: countedCommands.has(command) && !Number.isNaN(count) ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        };
      }
    }
    const result: Results & { command?: string; rowCount?: number } = { rows, fields, ...completed };
    return result;
  }
}

const statementsOf = new WeakMap<PGlite, NamedStatements>();

/** The named statements of `pglite`, kept as long as it is: a statement stays parsed for the database's life. */
export function namedStatementsOf(pglite: PGlite): NamedStatements {
  let statements = statementsOf.get(pglite);
  if (!statements) {
    statements = new NamedStatements(pglite);
    statementsOf.set(pglite, statements);
  }
  return statements;
}
