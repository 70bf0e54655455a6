import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, type Placeholder, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { bigserial, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgresJs } from "drizzle-orm/postgres-js";
import pg from "pg";
import postgres from "postgres";
import type { Database, Executor } from "../server/db/connection.js";
import { preparedStatement } from "../server/db/prepared.js";
import { roundTripCounter } from "../server/db/round-trips.testing.js";
import { unitOfWork } from "../server/db/unit-of-work.js";
import { createScratchDatabase } from "../server/testing/scratch-database.js";
import { durationSeconds, postgresCpuMs, writeResults } from "./harness.js";

/**
 * Issue 22: ways to run a sale request, side by side on the same minutes, without patching a dependency. One request
 * is one cart of a small model of the shop's (its own five tables, not the app's migrations), in one transaction:
 * upsert the buyer guest by (event, email), insert the order, its two items and an audit row, take two units of the
 * ticket with a conditional update that raises past the quota, read the order back with its items as JSON, commit.
 * The answer is that read. Four ways, each its own small function below, same statements, same answer:
 * A. pg's pipeline mode, every statement built once with Drizzle's prepare() (server/db/prepared.ts) and sent by a
 *    unit of work (server/db/unit-of-work.ts): what the server does now;
 * B. Drizzle on a plain pg pool, `db.transaction`, each statement built at each call and awaited in turn;
 * C. postgres.js under Drizzle, `db.transaction`, statements prepared, the writes and the read sent with Promise.all;
 * D. one PL/pgSQL function doing the whole request, called with one named (prepared) statement through pg.
 * Each variant is first checked (30 carts at once on a quota of 20: exactly 10 pass), then measured twice, A B C D
 * then A B C D, with BENCH_LOOPS (20) loops sending carts for BENCH_SECONDS (8) after BENCH_WARMUP_SECONDS (3).
 * PostgreSQL only: DATABASE_URL, by default the local server.
 */

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const loops = Number(process.env.BENCH_LOOPS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const poolSize = 10;
const roundTripCarts = 50;
const unitsPerCart = 2;
const priceCents = 2500;

/* The model's tables. */

const tickets = pgTable("tickets", {
  id: uuid("id").primaryKey(),
  maxQuantity: integer("max_quantity").notNull(),
  quantityTaken: integer("quantity_taken").notNull(),
});
const guests = pgTable(
  "guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
  },
  (table) => [unique().on(table.eventId, table.email)],
);
const orders = pgTable("orders", {
  id: uuid("id").primaryKey(),
  eventId: uuid("event_id").notNull(),
  buyerGuestId: uuid("buyer_guest_id").notNull(),
  status: text("status").notNull(),
  totalCents: integer("total_cents").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
const orderItems = pgTable("order_items", {
  id: uuid("id").primaryKey(),
  orderId: uuid("order_id").notNull(),
  ticketId: uuid("ticket_id").notNull(),
  holderGuestId: uuid("holder_guest_id"),
  priceCents: integer("price_cents").notNull(),
});
const auditLogs = pgTable("audit_logs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  action: text("action").notNull(),
  targetId: uuid("target_id"),
  after: jsonb("after"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The answer of a cart: the order read back with its buyer and items, built by PostgreSQL. */
type Cart = {
  id: string;
  status: string;
  totalCents: number;
  createdAt: string;
  buyer: { id: string; email: string; firstName: string; lastName: string };
  items: { id: string; ticketId: string; holderGuestId: string; priceCents: number }[];
};

/** The read's one column, the same text for every variant (in D inside the function). */
const cartJson = `jsonb_build_object(
  'id', orders.id, 'status', orders.status, 'totalCents', orders.total_cents, 'createdAt', orders.created_at,
  'buyer', jsonb_build_object('id', guests.id, 'email', guests.email, 'firstName', guests.first_name,
    'lastName', guests.last_name),
  'items', (select coalesce(jsonb_agg(jsonb_build_object('id', order_items.id, 'ticketId', order_items.ticket_id,
      'holderGuestId', order_items.holder_guest_id, 'priceCents', order_items.price_cents) order by order_items.id),
    '[]'::jsonb)
    from order_items where order_items.order_id = orders.id))`;

const schema = `
create table tickets (id uuid primary key, max_quantity int not null, quantity_taken int not null default 0);
create table guests (
  id uuid primary key default gen_random_uuid(), event_id uuid not null, email text not null, first_name text,
  last_name text, unique (event_id, email));
create table orders (
  id uuid primary key, event_id uuid not null, buyer_guest_id uuid not null references guests, status text not null,
  total_cents int not null, created_at timestamptz not null);
create table order_items (
  id uuid primary key, order_id uuid not null references orders, ticket_id uuid not null references tickets,
  holder_guest_id uuid references guests, price_cents int not null);
create index order_items_order on order_items (order_id);
create table audit_logs (
  id bigserial primary key, action text not null, target_id uuid, after jsonb,
  created_at timestamptz not null default now());

-- A take past the quota raises (SQLSTATE AP409), as the app's units_or_refusal does: nothing needs reading back.
create function units_or_refusal(allowed boolean, units int) returns int language plpgsql as $$
begin
  if allowed then
    return units;
  end if;
  raise exception using errcode = 'AP409', message = 'ticket quota reached';
end $$;

-- Variant D: the whole cart in one call.
create function place_cart(event uuid, email text, first text, last text, ticket uuid, price int) returns jsonb
language plpgsql as $$
#variable_conflict use_column
declare
  buyer uuid;
  new_order uuid := gen_random_uuid();
  answer jsonb;
begin
  insert into guests as g (event_id, email, first_name, last_name)
    values (place_cart.event, place_cart.email, place_cart.first, place_cart.last)
    on conflict (event_id, email) do update set first_name = excluded.first_name, last_name = excluded.last_name
    returning g.id into buyer;
  insert into orders (id, event_id, buyer_guest_id, status, total_cents, created_at)
    values (new_order, place_cart.event, buyer, 'pending', ${unitsPerCart} * place_cart.price, now());
  insert into order_items (id, order_id, ticket_id, holder_guest_id, price_cents)
    values (gen_random_uuid(), new_order, place_cart.ticket, buyer, place_cart.price),
           (gen_random_uuid(), new_order, place_cart.ticket, buyer, place_cart.price);
  insert into audit_logs (action, target_id, after)
    values ('order.created', new_order, jsonb_build_object('orderId', new_order, 'ticketId', place_cart.ticket,
      'units', ${unitsPerCart}, 'email', place_cart.email));
  update tickets set quantity_taken = quantity_taken
      + units_or_refusal(quantity_taken + ${unitsPerCart} <= max_quantity, ${unitsPerCart})
    where id = place_cart.ticket;
  select ${cartJson} into answer from orders join guests on guests.id = orders.buyer_guest_id
    where orders.id = new_order;
  return answer;
end $$;
`;

/* The statements of a cart (A, B and C), written once: `v(key)` is a placeholder (A, C) or the value itself (B). */

type CartInput = { eventId: string; email: string; firstName: string; lastName: string; ticketId: string };
type Value = (key: string) => Placeholder;

const statements = {
  guestUpsert: (executor: Executor, v: Value) =>
    executor
      .insert(guests)
      .values({ eventId: v("eventId"), email: v("email"), firstName: v("firstName"), lastName: v("lastName") })
      .onConflictDoUpdate({
        target: [guests.eventId, guests.email],
        set: { firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name` },
      })
      .returning({ id: guests.id }),
  orderInsert: (executor: Executor, v: Value) =>
    executor.insert(orders).values({
      id: v("orderId"),
      eventId: v("eventId"),
      buyerGuestId: v("buyerGuestId"),
      status: "pending",
      totalCents: v("totalCents"),
      createdAt: sql`now()`,
    }),
  itemsInsert: (executor: Executor, v: Value) =>
    executor.insert(orderItems).values(
      ["item0", "item1"].map((item) => ({
        id: v(item),
        orderId: v("orderId"),
        ticketId: v("ticketId"),
        holderGuestId: v("buyerGuestId"),
        priceCents: v("priceCents"),
      })),
    ),
  auditInsert: (executor: Executor, v: Value) =>
    executor.insert(auditLogs).values({ action: "order.created", targetId: v("orderId"), after: v("after") }),
  unitsTaken: (executor: Executor, v: Value) => {
    const units = sql`${v("units")}::int`;
    const allowed = sql`${tickets.quantityTaken} + ${units} <= ${tickets.maxQuantity}`;
    return executor
      .update(tickets)
      .set({ quantityTaken: sql`${tickets.quantityTaken} + units_or_refusal(${allowed}, ${units})` })
      .where(eq(tickets.id, v("ticketId")));
  },
  cartRead: (executor: Executor, v: Value) =>
    executor
      .select({ cart: sql<Cart>`${sql.raw(cartJson)}` })
      .from(orders)
      .innerJoin(guests, eq(guests.id, orders.buyerGuestId))
      .where(eq(orders.id, v("orderId"))),
};

/** Every value of a cart's statements but the buyer's id, which the upsert answers. */
function cartValues(input: CartInput): Record<string, unknown> {
  const orderId = randomUUID();
  return {
    ...input,
    orderId,
    buyerGuestId: undefined,
    totalCents: unitsPerCart * priceCents,
    item0: randomUUID(),
    item1: randomUUID(),
    priceCents,
    after: { orderId, ticketId: input.ticketId, units: unitsPerCart, email: input.email },
    units: unitsPerCart,
  };
}

const placeholder: Value = (key) => sql.placeholder(key);

/** The statements built once with `.prepare(name)`, each run on the executor it is given (prepared.ts). */
function preparedCartStatements(prefix: string) {
  return {
    guestUpsert: preparedStatement((ex) => statements.guestUpsert(ex, placeholder).prepare(`${prefix}_guest_upsert`)),
    orderInsert: preparedStatement((ex) => statements.orderInsert(ex, placeholder).prepare(`${prefix}_order_insert`)),
    itemsInsert: preparedStatement((ex) => statements.itemsInsert(ex, placeholder).prepare(`${prefix}_items_insert`)),
    auditInsert: preparedStatement((ex) => statements.auditInsert(ex, placeholder).prepare(`${prefix}_audit_insert`)),
    unitsTaken: preparedStatement((ex) => statements.unitsTaken(ex, placeholder).prepare(`${prefix}_units_taken`)),
    cartRead: preparedStatement((ex) => statements.cartRead(ex, placeholder).prepare(`${prefix}_cart_read`)),
  };
}

const onlyRow = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("a statement answered no row");
  return row;
};

/* The four ways. */

const preparedA = preparedCartStatements("sale_a");

/** A: pg's pipeline mode, statements built once, the writes sent ahead of the read, which carries the commit. */
async function cartA(db: Database, input: CartInput): Promise<Cart> {
  return unitOfWork(db, async (unit) => {
    const values = cartValues(input);
    values.buyerGuestId = onlyRow(await preparedA.guestUpsert(unit.tx).execute(values)).id;
    unit.send(() => preparedA.orderInsert(unit.tx).execute(values));
    unit.send(() => preparedA.itemsInsert(unit.tx).execute(values));
    unit.send(() => preparedA.auditInsert(unit.tx).execute(values));
    unit.send(() => preparedA.unitsTaken(unit.tx).execute(values));
    return onlyRow(await unit.commitWith(() => preparedA.cartRead(unit.tx).execute(values))).cart;
  });
}

/** B: Drizzle on plain pg transactions, each statement built at each call and awaited before the next. */
async function cartB(db: Database, input: CartInput): Promise<Cart> {
  return db.transaction(async (tx) => {
    const values = cartValues(input);
    // The value itself where A has its placeholder: Drizzle binds it as a parameter of the statement it builds.
    const v: Value = (key) => values[key] as Placeholder;
    values.buyerGuestId = onlyRow(await statements.guestUpsert(tx, v)).id;
    await statements.orderInsert(tx, v);
    await statements.itemsInsert(tx, v);
    await statements.auditInsert(tx, v);
    await statements.unitsTaken(tx, v);
    return onlyRow(await statements.cartRead(tx, v)).cart;
  });
}

const preparedC = preparedCartStatements("sale_c");
type PostgresJsDatabase = ReturnType<typeof drizzlePostgresJs>;

/**
 * C: postgres.js, statements built once (Drizzle's prepare(), which is what makes postgres.js prepare them: without
 * it Drizzle asks for unnamed statements, each described before it is bound), the writes and the read sent at once
 * so that postgres.js pipelines them on the transaction's connection.
 */
async function cartC(db: PostgresJsDatabase, input: CartInput): Promise<Cart> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Executor;
    const values = cartValues(input);
    values.buyerGuestId = onlyRow(await preparedC.guestUpsert(tx).execute(values)).id;
    const [, , , , read] = await Promise.all([
      preparedC.orderInsert(tx).execute(values),
      preparedC.itemsInsert(tx).execute(values),
      preparedC.auditInsert(tx).execute(values),
      preparedC.unitsTaken(tx).execute(values),
      preparedC.cartRead(tx).execute(values),
    ]);
    return onlyRow(read).cart;
  });
}

/** D: the whole cart in PostgreSQL, one prepared statement (its own transaction). */
async function cartD(pool: pg.Pool, input: CartInput): Promise<Cart> {
  const result = await pool.query<{ cart: Cart }>({
    name: "sale_d_place_cart",
    text: "select place_cart($1, $2, $3, $4, $5, $6) as cart",
    values: [input.eventId, input.email, input.firstName, input.lastName, input.ticketId, priceCents],
  });
  return onlyRow(result.rows).cart;
}

type Client = { cart(input: CartInput): Promise<Cart>; close(): Promise<void> };

function pgPool(url: string, pipeline: boolean) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(pipeline && { pipeline: true }) });
  pool.on("error", () => {});
  return pool;
}

const variants: { key: string; label: string; open(url: string): Client }[] = [
  {
    key: "A",
    label: "A. pg pipeline, prepare(), unit of work",
    open(url) {
      const pool = pgPool(url, true);
      const db = drizzleNodePg({ client: pool }) as unknown as Database;
      return { cart: (input) => cartA(db, input), close: () => pool.end() };
    },
  },
  {
    key: "B",
    label: "B. pg, Drizzle built per call, awaited one by one",
    open(url) {
      const pool = pgPool(url, false);
      const db = drizzleNodePg({ client: pool }) as unknown as Database;
      return { cart: (input) => cartB(db, input), close: () => pool.end() };
    },
  },
  {
    key: "C",
    label: "C. postgres.js, prepare(), Promise.all",
    open(url) {
      const client = postgres(url, { max: poolSize, onnotice: () => {} });
      const db = drizzlePostgresJs({ client });
      return { cart: (input) => cartC(db, input), close: () => client.end() };
    },
  },
  {
    key: "D",
    label: "D. PL/pgSQL place_cart(), one call",
    open(url) {
      const pool = pgPool(url, false);
      return { cart: (input) => cartD(pool, input), close: () => pool.end() };
    },
  },
];

/* The scene. */

const scratch = await createScratchDatabase(serverUrl, "sale_drivers");
const admin = new pg.Client({ connectionString: scratch.url });
await admin.connect();
const eventId = randomUUID();
const saleTicket = randomUUID();
let sequence = 0;
const input = (variant: string, ticketId: string): CartInput => {
  sequence++;
  return {
    eventId,
    email: `buyer-${variant.toLowerCase()}-${sequence}@example.test`,
    firstName: "Bench",
    lastName: `Buyer ${sequence}`,
    ticketId,
  };
};

/** Whether PostgreSQL refused the take (AP409), under whatever the driver or Drizzle wrapped it in. */
function isRefusal(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "AP409") return true;
  }
  return false;
}

/** The keys of an answer, deeply: every variant must answer the same shape. */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shapeOf)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
        )
      : typeof value;

/** 30 carts at once on a ticket of quota 20, 2 units each: exactly 10 pass, the others are refused. */
async function checkVariant(key: string, client: Client) {
  const ticketId = randomUUID();
  await admin.query("insert into tickets (id, max_quantity, quantity_taken) values ($1, 20, 0)", [ticketId]);
  const inputs = Array.from({ length: 30 }, () => input(key, ticketId));
  const outcomes = await Promise.allSettled(inputs.map((cart) => client.cart(cart)));
  const passed = outcomes.flatMap((outcome, index) =>
    outcome.status === "fulfilled" ? [{ cart: outcome.value, input: inputs[index] as CartInput }] : [],
  );
  const refused = outcomes.filter((outcome) => outcome.status === "rejected" && isRefusal(outcome.reason)).length;
  const failed = outcomes.flatMap((outcome) =>
    outcome.status === "rejected" && !isRefusal(outcome.reason) ? [outcome.reason] : [],
  );
  const taken = onlyRow(
    (await admin.query("select quantity_taken from tickets where id = $1", [ticketId])).rows,
  ).quantity_taken;
  const items = Number(
    onlyRow((await admin.query("select count(*) as count from order_items where ticket_id = $1", [ticketId])).rows)
      .count,
  );
  const audits = Number(
    onlyRow(
      (
        await admin.query(
          "select count(*) as count from audit_logs where after->>'ticketId' = $1 and (after->>'units')::int = $2",
          [ticketId, unitsPerCart],
        )
      ).rows,
    ).count,
  );
  const wrongAnswers = passed.filter(
    ({ cart, input }) =>
      cart.buyer.email !== input.email ||
      cart.totalCents !== unitsPerCart * priceCents ||
      cart.items.length !== unitsPerCart ||
      cart.items.some((item) => item.ticketId !== ticketId || item.holderGuestId !== cart.buyer.id),
  ).length;
  const check = {
    passed: passed.length,
    refused,
    failed: failed.length,
    quantityTaken: taken,
    items,
    audits,
    wrongAnswers,
  };
  console.log(`check ${key}`, check);
  if (failed.length > 0) console.error(failed[0]);
  if (
    passed.length !== 10 ||
    refused !== 20 ||
    failed.length > 0 ||
    taken !== 20 ||
    items !== 20 ||
    audits !== 10 ||
    wrongAnswers > 0
  ) {
    throw new Error(`variant ${key} failed its check: ${JSON.stringify(check)}`);
  }
  return { check, shape: JSON.stringify(shapeOf(passed[0]?.cart)) };
}

/** Round trips of one cart, sequentially, through a counting proxy (after one cart that opens and prepares). */
async function roundTripsOf(variant: (typeof variants)[number]) {
  const counter = await roundTripCounter(scratch.url);
  const client = variant.open(counter.url);
  try {
    await client.cart(input(variant.key, saleTicket));
    const { roundTrips } = await counter.of(async () => {
      for (let cart = 0; cart < roundTripCarts; cart++) await client.cart(input(variant.key, saleTicket));
    });
    return roundTrips / roundTripCarts;
  } finally {
    await client.close();
    await counter.close();
  }
}

/** CPU time (ms) the machine's cores spent busy so far, all processes together (/proc/stat, in 1/100 s). */
function machineBusyMs(): number | null {
  try {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
const round2 = (value: number) => Math.round(value * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time (ms) of a process so far, from /proc (0 once it is gone). */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of the PostgreSQL backends serving the scratch database, by process id: unlike `postgresCpuMs`, blind
 * to what other databases of the server run meanwhile (another session's tests), and to the server's shared work.
 */
async function backendsCpuMs(): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
}

/**
 * Waits (up to `quietWaitSeconds`) for a second in which the rest of the machine keeps under a fifth of a core busy:
 * a type check or a test run of another session beside the benchmark would weigh on one variant and not the next.
 */
const quietWaitSeconds = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 60);
async function quietMachine() {
  const deadline = performance.now() + quietWaitSeconds * 1000;
  for (;;) {
    const before = machineBusyMs();
    const ownBefore = process.cpuUsage();
    await sleep(1000);
    const after = machineBusyMs();
    const own = process.cpuUsage(ownBefore);
    if (before === null || after === null) return null;
    const othersPercent = Math.round((after - before - (own.user + own.system) / 1000) / 10);
    if (othersPercent < 20 || performance.now() > deadline) return othersPercent;
  }
}

/**
 * The same scene for every window: emptied tables, the sale ticket alone, right after a checkpoint. All the carts
 * take from one ticket row, whose dead versions (and their index entries) pile up faster than autovacuum clears them:
 * kept from one window to the next, each window paid for the ones before (PostgreSQL's CPU per cart doubled and
 * more between the first window of a run and the last), and a checkpoint in one window made its writes dearer.
 */
async function resetScene() {
  await admin.query("truncate audit_logs, order_items, orders, guests, tickets restart identity");
  await admin.query("insert into tickets (id, max_quantity, quantity_taken) values ($1, $2, 0)", [
    saleTicket,
    2_000_000_000,
  ]);
  await admin.query("checkpoint");
}

/** `loops` loops sending carts; what completes in the measured window counts. */
async function measureVariant(key: string, client: Client) {
  await resetScene();
  const othersBeforePercentOfCore = await quietMachine();
  const times: number[] = [];
  let counting = false;
  let running = true;
  let failed = 0;
  const loop = async () => {
    while (running) {
      const started = performance.now();
      let ok = true;
      try {
        await client.cart(input(key, saleTicket));
      } catch (error) {
        ok = false;
        if (counting && failed++ === 0) console.error(error);
      }
      if (counting && ok) times.push(performance.now() - started);
    }
  };
  const sending = Array.from({ length: loops }, loop);
  await sleep(warmupSeconds * 1000);
  const backendsBefore = await backendsCpuMs();
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const machineBefore = machineBusyMs();
  const startedAt = performance.now();
  counting = true;
  await sleep(durationSeconds * 1000);
  counting = false;
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresAfter = postgresCpuMs();
  const machineAfter = machineBusyMs();
  const backendsAfter = await backendsCpuMs();
  running = false;
  await Promise.all(sending);
  let backendsMs = 0;
  for (const [pid, ms] of backendsAfter) backendsMs += ms - (backendsBefore.get(pid) ?? 0);
  times.sort((a, b) => a - b);
  const carts = times.length;
  const perCart = (ms: number) => (carts === 0 ? 0 : round2(ms / carts));
  const ownMs = (cpu.user + cpu.system) / 1000;
  // What the rest of the machine ran meanwhile (neither this process nor the scratch database's backends), in % of
  // one core: another session's benchmark, tests (and their PostgreSQL backends), a type check; also the server's
  // shared work (WAL writer, autovacuum) and the kernel's.
  const otherMs =
    machineBefore === null || machineAfter === null ? null : machineAfter - machineBefore - ownMs - backendsMs;
  return {
    carts,
    seconds: round2(seconds),
    cartsPerSecond: Math.round(carts / seconds),
    latencyP50ms: round2(percentile(times, 0.5)),
    latencyP95ms: round2(percentile(times, 0.95)),
    failed,
    nodeCpuMsPerCart: perCart(ownMs),
    postgresCpuMsPerCart:
      postgresBefore === null || postgresAfter === null ? null : perCart(postgresAfter - postgresBefore),
    backendsCpuMsPerCart: perCart(backendsMs),
    otherCpuPercentOfCore: otherMs === null ? null : Math.round((otherMs / (seconds * 1000)) * 100),
    othersBeforePercentOfCore,
  };
}

const clients = new Map<string, Client>();
try {
  await admin.query(schema);
  await resetScene();

  for (const variant of variants) clients.set(variant.key, variant.open(scratch.url));
  const checks: Record<string, unknown> = {};
  const shapes = new Set<string>();
  for (const variant of variants) {
    const { check, shape } = await checkVariant(variant.key, clients.get(variant.key) as Client);
    checks[variant.key] = check;
    shapes.add(shape);
  }
  if (shapes.size !== 1) throw new Error(`the variants answer differently: ${[...shapes].join(" / ")}`);

  const roundTrips: Record<string, number> = {};
  for (const variant of variants) roundTrips[variant.key] = await roundTripsOf(variant);
  console.log("round trips per cart", roundTrips);

  const results = [];
  for (const round of [1, 2]) {
    for (const variant of variants) {
      const figures = await measureVariant(variant.key, clients.get(variant.key) as Client);
      const result = {
        variant: variant.label,
        round,
        loops,
        poolSize,
        warmupSeconds,
        ...figures,
        roundTripsPerCart: roundTrips[variant.key],
        check: checks[variant.key],
      };
      console.log(result);
      results.push(result);
    }
  }
  const rows = results.map(
    (r) =>
      `| ${r.variant} | ${r.round} | ${r.cartsPerSecond} | ${r.latencyP50ms} | ${r.latencyP95ms} | ${r.nodeCpuMsPerCart} | ${r.postgresCpuMsPerCart ?? "—"} | ${r.backendsCpuMsPerCart} | ${r.roundTripsPerCart} | ${r.failed} | ${r.otherCpuPercentOfCore ?? "—"} |`,
  );
  const markdown = [
    "# Sale drivers: four ways to run a cart request",
    "",
    `${new Date().toISOString()} — PostgreSQL ${onlyRow((await admin.query("show server_version")).rows).server_version}, Node ${process.version}, postgres.js and pg in this process, ${loops} loops sending carts, pools of ${poolSize} connections, ${durationSeconds} s measured after ${warmupSeconds} s of warm-up, two rounds (A B C D, then A B C D), 2-core machine (the database on the same machine).`,
    "",
    "| variant | round | carts/s | p50 ms | p95 ms | Node CPU ms/cart | PostgreSQL CPU ms/cart (all) | its backends' CPU ms/cart | round trips/cart | failed | rest of the machine, % of a core |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `A request is one cart of a small model of the shop (five tables of its own, not the app's schema), in one transaction: upsert the buyer guest by (event, email), insert the order, its two items and an audit row, take two units of one ticket with a conditional update that raises past its quota, and read the order back with its buyer and items as JSON (the answer). Every cart is a new buyer and all of them take from the same ticket, as on a sale day. Node CPU is this process's (the drivers and Drizzle, where the server's code would run); PostgreSQL CPU (all) that of every postgres process of the machine, other sessions' databases included, and its backends' that of the connections to the benchmark's own database only; all per cart measured. The last column is what the rest of the machine used meanwhile (another session's tests or type check, the server's shared work): the figures of a row share the two cores with it, and each window starts after a quiet second (or a minute of waiting for one). Each window also starts on emptied tables, after a checkpoint: all carts take from one ticket row, whose dead versions pile up faster than autovacuum clears them, and kept from window to window they made PostgreSQL's CPU per cart more than double over a run. Round trips are counted through a proxy over ${roundTripCarts} carts in a row on a warm connection. Before measuring, each variant passed 30 carts at once on a quota of 20: 10 passed, 20 refused, 20 units taken. The figures are of this model, not of the app's whole cart (which reads the event, the catalogue and prices, and writes more).`,
    "",
  ].join("\n");
  const tableStats = (
    await admin.query(
      "select relname, seq_scan, seq_tup_read, idx_scan, n_live_tup, n_dead_tup, pg_relation_size(relid) as bytes, last_autovacuum, last_autoanalyze from pg_stat_user_tables order by relname",
    )
  ).rows;
  console.log(tableStats);
  writeResults("sale-drivers", "postgres", results, markdown);
  // The file the issue names, beside writeResults' own (sale-drivers-postgres.md).
  writeFileSync(path.join(import.meta.dirname, "results", "sale-drivers.md"), markdown);
  console.log(markdown);
} finally {
  for (const client of clients.values()) await client.close();
  await admin.end();
  await scratch.drop();
}
