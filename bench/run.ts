import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
// @ts-expect-error autocannon ships no types; its result fields used below are documented in its README.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { buildApp, closeContext, createContext } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/connection.js";

/**
 * `npm run bench`: the API under load on this machine, against an in-memory PGlite (or DATABASE_URL when set).
 * Figures go to bench/results/; nothing here fails a build on a timing.
 */
const eventsInAccount = 5_000;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);

const config = { ...loadConfig({ ...process.env, LOG_LEVEL: "silent", PORT: "0" }), webDistDir: undefined };
const database = await openDatabase({ url: config.databaseUrl });
const context = await createContext(config, database);
const app = await buildApp(context);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const password = "Bench-password-2026";
const register = await app.inject({
  method: "POST",
  url: "/api/v1/auth/register",
  payload: {
    email: `bench-${Date.now()}@example.test`,
    password,
    passwordConfirmation: password,
    firstName: "B",
    lastName: "Ench",
    accountName: "Bench",
  },
});
const { token } = register.json();
const me = (
  await app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { authorization: `Bearer ${token}` } })
).json();
const accountId: string = me.memberships[0].accountId;

// One statement for thousands of events: Drizzle's insert builder is far too slow at this size (DESIGN.md §2).
await context.db.execute(sql`
  insert into events (account_id, name, slug, starts_at, ends_at, archived)
  select ${accountId}, 'Event ' || n, 'bench-event-' || n,
         now() + ((n - ${eventsInAccount / 2}) || ' days')::interval,
         now() + ((n - ${eventsInAccount / 2}) || ' days')::interval + interval '8 hours',
         n % 10 = 0
  from generate_series(1, ${eventsInAccount}) as n`);

type Scenario = { name: string; path: string };
const scenarios: Scenario[] = [
  { name: "health (database round trip)", path: "/api/health" },
  { name: "GET /auth/me", path: "/api/v1/auth/me" },
  {
    name: `events list, ${eventsInAccount} events, sort by start date`,
    path: `/api/v1/accounts/${accountId}/events?limit=50`,
  },
  {
    name: "events list, search + past filter",
    path: `/api/v1/accounts/${accountId}/events?filter=past&query=event%2012&limit=50`,
  },
  {
    name: "events list, sort by name, page 20",
    path: `/api/v1/accounts/${accountId}/events?sort=name&offset=950&limit=50`,
  },
];

const results = [];
for (const scenario of scenarios) {
  const result = await autocannon({
    url: base + scenario.path,
    connections: 10,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const figures = {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  results.push(figures);
  console.log(figures);
}

await app.close();
await closeContext(context);

const resultsDir = path.join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });
const machine = { database: database.kind, node: process.version, connections: 10, durationSeconds };
writeFileSync(
  path.join(resultsDir, `api-${database.kind}.json`),
  `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`,
);
const table = results
  .map(
    (r) =>
      `| ${r.scenario} | ${r.requestsPerSecond} | ${r.latencyP50ms} | ${r.latencyP99ms} | ${r.non2xx + r.errors} |`,
  )
  .join("\n");
writeFileSync(
  path.join(resultsDir, `api-${database.kind}.md`),
  `# API benchmark\n\n${new Date().toISOString()} — ${database.kind}, Node ${process.version}, 10 connections, ${durationSeconds} s each, 2-core machine.\n\n| scenario | req/s | p50 ms | p99 ms | failed |\n|---|---|---|---|---|\n${table}\n`,
);
