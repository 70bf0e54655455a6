import { sql } from "drizzle-orm";
import { events } from "../server/modules/events/events.tables.js";
import { connections, durationSeconds, measure, startBenchServer, writeResults } from "./harness.js";

/**
 * The guest list at 100,000 guests (issue 3): list queries under load, then the CSV import and export when their
 * routes exist. Against an in-memory PGlite, or DATABASE_URL when set. Nothing here fails a build on a timing.
 */
const guestCount = Number(process.env.BENCH_GUESTS ?? 100_000);
/** BENCH_ONLY=import runs the import alone, without seeding or writing results: for iterating on the import. */
const importOnly = process.env.BENCH_ONLY === "import";

const { app, context, database, base, token, accountId, serverCpuMs, stop } = await startBenchServer();
const headers = { authorization: `Bearer ${token}` };

const inAMonth = new Date(Date.now() + 30 * 86_400_000);
const [event] = await context.db
  .insert(events)
  .values({ accountId, name: "Guest bench", slug: `guest-bench-${Date.now()}`, startsAt: inAMonth })
  .returning({ id: events.id });
if (!event) throw new Error("no event");
const eventPath = `/api/v1/events/${accountId}/${event.id}`;

const routeMissing = "not measured: route not there yet";
type Timing = { seconds: number; rowsPerSecond: number } & Record<string, unknown>;
const timing = (startedAt: number, rows: number, extra: Record<string, unknown>): Timing => {
  const seconds = (performance.now() - startedAt) / 1000;
  return { seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(rows / seconds), ...extra };
};

/** Upload, map, start, then poll the progress until the job is done: what the wizard does, timed from the upload. */
async function importCsv(): Promise<Timing | string> {
  if (!app.hasRoute({ method: "POST", url: "/api/v1/events/:account/:event/imports" })) return routeMissing;
  // A second, empty event: the import creates every row instead of meeting the seeded guests' emails.
  const [target] = await context.db
    .insert(events)
    .values({ accountId, name: "Import bench", slug: `import-bench-${Date.now()}`, startsAt: inAMonth })
    .returning({ id: events.id });
  if (!target) throw new Error("no event");
  const lines = ["Prénom;Nom;Email;Société;Fonction"];
  for (let n = 1; n <= guestCount; n++) {
    lines.push(`Hélène;Dupont-${n % 97};import${n}@example.test;Société ${n % 500};Directrice`);
  }
  const csv = `${lines.join("\r\n")}\r\n`;
  const imports = `${base}/api/v1/events/${accountId}/${target.id}/imports`;
  const startedAt = performance.now();
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "guests.csv");
  const upload = await fetch(imports, { method: "POST", headers, body: form });
  if (upload.status !== 201) return `failed: upload ${upload.status} ${(await upload.text()).slice(0, 200)}`;
  const { id } = (await upload.json()) as { id: string };
  // The upload reads the whole file; the rest is the job (waiting for a worker to poll, then the batches).
  const uploadSeconds = Math.round((performance.now() - startedAt) / 10) / 100;
  const mapping = { "0": "firstName", "1": "lastName", "2": "email", "3": "company", "4": "jobTitle" };
  const start = await fetch(`${imports}/${id}/start`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ mapping }),
  });
  if (start.status !== 202) return `failed: start ${start.status} ${(await start.text()).slice(0, 200)}`;
  for (;;) {
    const progress = (await (await fetch(`${imports}/${id}`, { headers })).json()) as {
      status: string;
      createdCount: number;
      errorCount: number;
      failureReason: string | null;
    };
    if (progress.status === "failed") return `failed: ${progress.failureReason}`;
    if (progress.status === "completed") {
      return timing(startedAt, guestCount, {
        uploadSeconds,
        bytes: Buffer.byteLength(csv),
        created: progress.createdCount,
        refused: progress.errorCount,
      });
    }
    if (performance.now() - startedAt > 600_000) return "failed: still running after 10 minutes";
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The whole streamed CSV of the seeded event, timed until its last byte. */
async function exportCsv(): Promise<Timing | string> {
  if (!app.hasRoute({ method: "GET", url: "/api/v1/events/:account/:event/users/export" })) return routeMissing;
  const startedAt = performance.now();
  const response = await fetch(`${base}${eventPath}/users/export?format=csv`, { headers });
  const body = await response.text();
  if (!response.ok) return `failed: ${response.status} ${body.slice(0, 200)}`;
  return timing(startedAt, guestCount, { bytes: Buffer.byteLength(body), lines: body.split("\n").length - 1 });
}

if (importOnly) {
  console.log({ import: await importCsv() });
  await stop();
  process.exit(0);
}

const choices = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}`, label: `${prefix.toUpperCase()} ${i + 1}` }));
const fieldBodies = [
  { name: "Dietary notes", type: "short_text" },
  { name: "Table", type: "dropdown", choices: choices("t", 10) },
  { name: "Age", type: "number", min: 0, max: 120 },
  { name: "Arrival", type: "date" },
  { name: "Sessions", type: "multiple_choice", choices: choices("s", 5) },
];
const fieldIds: string[] = [];
for (const payload of fieldBodies) {
  const response = await app.inject({ method: "POST", url: `${eventPath}/customfields`, headers, payload });
  if (response.statusCode !== 201) throw new Error(`custom field: ${response.statusCode} ${response.body}`);
  fieldIds.push(response.json().id);
}
const [notes, table, age, arrival, sessions] = fieldIds;

// One statement for 100,000 rows: Drizzle's insert builder is far too slow at this size (DESIGN.md §2). Names are
// plain ASCII, so the search column is just their lower case (the service strips accents for the others).
const seedStarted = performance.now();
await context.db.execute(sql`
  insert into guests (event_id, first_name, last_name, email, company, job_title, status, mail_status,
                      custom_fields, search_text, created_source, created_at)
  select ${event.id}, first_name, last_name, email, company, 'Manager', status, 'sent',
         jsonb_build_object(
           ${notes}::text, 'Note ' || n,
           ${table}::text, 't' || (1 + n % 10),
           ${age}::text, 18 + n % 60,
           ${arrival}::text, to_char(date '2026-06-01' + n % 30, 'YYYY-MM-DD'),
           ${sessions}::text, jsonb_build_array('s' || (1 + n % 5), 's' || (1 + (n + 2) % 5))),
         lower(first_name || ' ' || last_name || ' ' || email || ' ' || company),
         'import', now() - n * interval '1 second'
  from (
    select n,
           (array['Alice','Bruno','Chloe','David','Emma','Farid','Giulia','Hugo','Ines','Jules','Karim','Lea',
                  'Marc','Nora','Oscar','Paula','Quentin','Rosa','Sami','Tess'])[1 + n % 20] as first_name,
           (array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau',
                  'Simon','Laurent','Lefebvre','Michel','Garcia','David','Bertrand','Roux','Vincent','Fournier',
                  'Morel','Girard','Andre','Mercier','Dupont','Lambert','Bonnet','Francois','Martinez','Legrand',
                  'Garnier','Faure','Rousseau','Blanc','Guerin','Muller','Henry','Roussel','Nicolas','Perrin',
                  'Morin','Mathieu','Clement','Gauthier','Dumont','Lopez','Fontaine','Chevalier','Robin','Masson']
           )[1 + (n / 20) % 50] || '-' || (n % 97) as last_name,
           'guest' || n || '@example.test' as email,
           'Company ' || (n % 500) as company,
           (array['not_responded','refused','pending_approval','rejected','confirmed','cancelled','to_be_seen']
           )[1 + n % 7] as status
    from generate_series(1, ${guestCount}) as n
  ) as seed`);
// What autovacuum does soon after a bulk load: statistics for the planner, and the visibility map that lets the
// count of the list be answered from an index alone.
await context.db.execute(sql`vacuum analyze guests`);
const seedSeconds = (performance.now() - seedStarted) / 1000;
console.log({ seeded: guestCount, seconds: seedSeconds.toFixed(1) });

const list = `${base}${eventPath}/users`;
// A user runs at most two lists at once (server/platform/heavy-reads.ts): the load of several connections is that of
// as many users, here the account's API keys, one per connection.
const userTokens: string[] = [];
for (let n = 1; n <= connections; n++) {
  const payload = { name: `Bench user ${n}` };
  const key = await app.inject({ method: "POST", url: `/api/v1/accounts/${accountId}/apikeys`, headers, payload });
  if (key.statusCode !== 201) throw new Error(`api key: ${key.statusCode} ${key.body}`);
  userTokens.push(key.json().key);
}
const listResults = [];
for (const [name, query] of [
  ["list, first page (default sort: last name)", "limit=50"],
  ["list, status filter + text search", "status=confirmed&query=martin&limit=50"],
  ["list, sort by last name descending", "sort=lastName&direction=desc&limit=50"],
  ["list, page 500 (offset 24,950)", "offset=24950&limit=50"],
] as const) {
  // One user alone gives the latency of the query itself; ten users at once, what queueing on this machine adds.
  for (const clients of [1, connections])
    listResults.push(await measure(name, `${list}?${query}`, userTokens.slice(0, clients), serverCpuMs, clients));
}

/**
 * Issue 17: fifty deep searches sent at once by one user (a word every guest has, a page near the end), while another
 * client asks /api/health every 100 ms: how long the searches take, how many the server refuses, and how long the
 * health check waits behind them. Statuses other than 200 are counted apart (429: over the user's places; 503: past the
 * statement timeout).
 */
async function deepSearches() {
  const searches = 50;
  const url = `${list}?query=example&offset=${Math.max(0, guestCount - 5_000)}&limit=50`;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0) : null;
  };
  const healthMs: number[] = [];
  let searching = true;
  const polling = (async () => {
    while (searching) {
      const startedAt = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      healthMs.push(performance.now() - startedAt);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const startedAt = performance.now();
  const answers = await Promise.all(
    Array.from({ length: searches }, async () => {
      const sent = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - sent };
    }),
  );
  const allSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
  searching = false;
  await polling;
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    searches,
    statuses: Object.entries(statuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(" "),
    allSeconds,
    searchP50ms: median(answers.map((answer) => answer.ms)),
    servedP50ms: median(answers.filter((answer) => answer.status === 200).map((answer) => answer.ms)),
    healthChecks: healthMs.length,
    healthP50ms: median(healthMs),
    healthMaxMs: Math.round(Math.max(...healthMs)),
  };
}

const deepSearchResult = await deepSearches();
console.log({ deepSearches: deepSearchResult });
const exportResult = await exportCsv();
console.log({ export: exportResult });
const importResult = await importCsv();
console.log({ import: importResult });
await stop();

const asText = (result: unknown) =>
  typeof result === "string"
    ? result
    : Object.entries(result as object)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
const rows = listResults
  .map(
    (r) =>
      `| ${r.scenario} | ${r.connections} | ${r.requestsPerSecond} | ${r.latencyP50ms} | ${r.latencyP95ms} | ${r.latencyP99ms} | ${r.non2xx + r.errors} |`,
  )
  .join("\n");
writeResults(
  "guests",
  database.kind,
  [
    {
      scenario: `seed ${guestCount} guests, 5 custom fields, one statement`,
      seconds: Math.round(seedSeconds * 10) / 10,
    },
    ...listResults,
    {
      scenario: "50 deep searches at once by one user (search + offset near the end), /api/health polled",
      ...deepSearchResult,
    },
    { scenario: "import, 100,000-row CSV end to end", result: importResult },
    { scenario: "export, CSV", result: exportResult },
  ],
  `# Guests benchmark\n\n${new Date().toISOString()} — ${database.kind}, Node ${process.version}, ${guestCount} guests with 5 custom fields (seeded in ${seedSeconds.toFixed(1)} s), ${durationSeconds} s per scenario and number of connections, 2-core machine.\n\n| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | failed |\n|---|---|---|---|---|---|---|\n${rows}\n\n- 50 deep searches at once by one user (\`query=example\`, every guest matches, offset ${Math.max(0, guestCount - 5_000)}), /api/health polled every 100 ms: ${asText(deepSearchResult)}\n- Import of a 100,000-row CSV: ${asText(importResult)}\n- CSV export: ${asText(exportResult)}\n`,
);
