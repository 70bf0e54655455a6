import { sql } from "drizzle-orm";
import { connections, durationSeconds, measure, startBenchServer, writeResults } from "./harness.js";

/**
 * The API under load on this machine, against an in-memory PGlite (or DATABASE_URL when set).
 * Figures go to bench/results/; nothing here fails a build on a timing.
 */
const eventsInAccount = 5_000;

const { context, database, base, token, accountId, serverCpuMs, stop } = await startBenchServer();

// One statement for thousands of events: Drizzle's insert builder is far too slow at this size (DESIGN.md §2).
await context.db.execute(sql`
  insert into events (account_id, name, slug, starts_at, ends_at, archived)
  select ${accountId}, 'Event ' || n, 'bench-event-' || n,
         now() + ((n - ${eventsInAccount / 2}) || ' days')::interval,
         now() + ((n - ${eventsInAccount / 2}) || ' days')::interval + interval '8 hours',
         n % 10 = 0
  from generate_series(1, ${eventsInAccount}) as n`);

const scenarios = [
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
for (const scenario of scenarios) results.push(await measure(scenario.name, base + scenario.path, token, serverCpuMs));
await stop();

const table = results
  .map(
    (r) =>
      `| ${r.scenario} | ${r.requestsPerSecond} | ${r.latencyP50ms} | ${r.latencyP95ms} | ${r.latencyP99ms} | ${r.non2xx + r.errors} |`,
  )
  .join("\n");
writeResults(
  "api",
  database.kind,
  results,
  `# API benchmark\n\n${new Date().toISOString()} — ${database.kind}, Node ${process.version}, ${connections} connections, ${durationSeconds} s each, 2-core machine.\n\n| scenario | req/s | p50 ms | p95 ms | p99 ms | failed |\n|---|---|---|---|---|---|\n${table}\n`,
);
