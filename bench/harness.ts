import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, closeContext, createContext } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/connection.js";
import { freePort, processTable } from "../server/testing/processes.js";
import { createScratchDatabase } from "../server/testing/scratch-database.js";

/** What every benchmark shares: a whole server on this machine, one registered organizer, autocannon, the results. */
export const connections = 10;
export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);

/**
 * Server processes the load goes to, with a PostgreSQL server: the platform's own `WORKERS` (server/main.ts), one by
 * default (on these two cores a second one costs more CPU per request than it gives). The embedded database lives
 * inside the one process that opened it, so with it the benchmark's own process serves.
 */
export const workers = process.env.DATABASE_URL ? Number(process.env.BENCH_WORKERS ?? 1) : 1;

/**
 * A whole server on a database of its own: an in-memory PGlite, or with DATABASE_URL an empty database created on that
 * server and dropped at stop(), so a benchmark neither reads the rows of earlier runs nor waits on their vacuum. This
 * process sets the scene through its own app (`app`, `context`); the load goes to `base`: this process with PGlite,
 * else `workers` server processes started on the same database (server/main.ts, as `npm start` runs it).
 */
export async function startBenchServer() {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: "silent", PORT: "0" }), webDistDir: undefined };
  const scratch = config.databaseUrl ? await createScratchDatabase(config.databaseUrl, "bench") : undefined;
  const database = await openDatabase({ url: scratch?.url });
  const context = await createContext(config, database);
  const app = await buildApp(context);
  const servers = scratch ? await startServers(scratch.url) : undefined;
  if (!servers) await app.listen({ port: 0, host: "127.0.0.1", backlog: config.listenBacklog });
  const address = app.server.address();
  const base = servers?.base ?? `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

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
  /** CPU time (ms) spent so far serving: this process, and the server processes started for the load. */
  const serverCpuMs = () => {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000 + (servers ? processTreeCpuMs(servers.child.pid ?? -1) : 0);
  };
  const stop = async () => {
    await servers?.stop();
    await app.close();
    await closeContext(context);
    await scratch?.drop();
  };
  return { app, context, database, base, token, accountId, serverCpuMs, stop };
}

/** `workers` server processes on `databaseUrl`, ready when all of them listen (a supervisor's line says so). */
async function startServers(databaseUrl: string) {
  const port = await freePort();
  // BENCH_PROFILE=<folder>: the server processes write a V8 CPU profile there as they stop (for `node --cpu-prof`).
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // The young generation `npm start` gives the server (package.json).
  const heap = ["--max-semi-space-size=64"];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...heap, "--import", "tsx", "server/main.ts"], {
    cwd: path.join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKERS: String(workers),
      LOG_LEVEL: "warn",
      DATA_DIR: path.join(import.meta.dirname, "..", "data", "bench"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bench servers did not start within 60 s")), 60_000);
    child.on("exit", (code) => reject(new Error(`the bench servers exited with ${code}`)));
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    if (workers > 1) child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("workers ready") && ready());
    else void waitForHealth(base).then(ready, reject);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners("exit");
      child.on("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { base, child, stop };
}

async function waitForHealth(base: string) {
  for (;;) {
    const answered = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU time (ms) of a process and all its descendants (the server workers of the benchmark's supervisor). */
function processTreeCpuMs(root: number): number {
  const table = processTable();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of table)
      if (!inTree.has(row.pid) && inTree.has(row.parent)) {
        inTree.add(row.pid);
        grew = true;
      }
  }
  return table.filter((row) => inTree.has(row.pid)).reduce((sum, row) => sum + row.cpuMs, 0);
}

/** CPU time (ms) of every `postgres` process of this machine; null where there is none to read. */
export function postgresCpuMs(): number | null {
  try {
    const servers = processTable().filter((row) => row.command === "postgres");
    return servers.length === 0 ? null : servers.reduce((sum, row) => sum + row.cpuMs, 0);
  } catch {
    return null;
  }
}

export type LoadFigures = {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  latencyP50ms: number;
  latencyP95ms: number;
  latencyP99ms: number;
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest: number;
  databaseCpuMsPerRequest: number | null;
  loadGeneratorCpuMsPerRequest: number;
};

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

/**
 * A request the load generator sends: a POST whose body holds `{seq}`, replaced per request (a new guest each), or
 * each of `bodies` once (the run then ends with the last); `connectionHeaders` give each connection its own.
 */
export type LoadRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  bodyTemplate?: string;
  bodies?: string[];
  connectionHeaders?: Array<Record<string, string>>;
};

type LoadRun = { times: number[]; requestsPerSecond: number; non2xx: number; errors: number; cpuMs: number };

/** Runs bench/load.ts in a child process, while this process serves, and reads its figures. */
function runLoad(options: Record<string, unknown>): Promise<LoadRun> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "load.ts"), JSON.stringify(options)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const last = output.trim().split("\n").at(-1);
      if (code !== 0 || !last) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(last));
    });
  });
}

/** Keeps every response time itself: autocannon's own percentiles skip p95. */
export async function measure(
  name: string,
  url: string,
  token: string | string[],
  serverCpuMs: () => number,
  clients = connections,
  request?: LoadRequest,
): Promise<LoadFigures> {
  const serverCpuBefore = serverCpuMs();
  const databaseCpuBefore = postgresCpuMs();
  // Bodies go by file: 50,000 of them would not fit in the child's arguments.
  const bodiesFile = request?.bodies && path.join(mkdtempSync(path.join(tmpdir(), "bench-")), "bodies.json");
  if (bodiesFile) writeFileSync(bodiesFile, JSON.stringify(request?.bodies));
  const run = await runLoad({
    url,
    connections: clients,
    duration: durationSeconds,
    method: request?.method ?? "GET",
    // An empty token measures a public route, as a guest calls it; several are one per connection, as many users.
    headers: { ...request?.headers, ...(typeof token === "string" && token && { authorization: `Bearer ${token}` }) },
    tokens: Array.isArray(token) ? token : undefined,
    bodyTemplate: request?.bodyTemplate,
    connectionHeaders: request?.connectionHeaders,
    bodiesFile,
  }).finally(() => bodiesFile && rmSync(path.dirname(bodiesFile), { recursive: true }));
  const serverCpu = serverCpuMs() - serverCpuBefore;
  const databaseCpuAfter = postgresCpuMs();
  const times = run.times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const perRequest = (ms: number) => (times.length === 0 ? 0 : round(ms / times.length));
  const figures = {
    scenario: name,
    connections: clients,
    requestsPerSecond: Math.round(run.requestsPerSecond),
    latencyP50ms: round(percentile(times, 0.5)),
    latencyP95ms: round(percentile(times, 0.95)),
    latencyP99ms: round(percentile(times, 0.99)),
    non2xx: run.non2xx,
    errors: run.errors,
    // Where the time goes, whatever else the machine runs: this process (with PGlite, the database too) and the
    // PostgreSQL server's processes when it runs on this machine.
    serverCpuMsPerRequest: perRequest(serverCpu),
    databaseCpuMsPerRequest:
      databaseCpuBefore === null || databaseCpuAfter === null ? null : perRequest(databaseCpuAfter - databaseCpuBefore),
    loadGeneratorCpuMsPerRequest: perRequest(run.cpuMs),
  };
  console.log(figures);
  return figures;
}

export function writeResults(file: string, kind: string, results: unknown[], markdown: string) {
  const resultsDir = path.join(import.meta.dirname, "results");
  mkdirSync(resultsDir, { recursive: true });
  const machine = { database: kind, node: process.version, serverProcesses: workers, connections, durationSeconds };
  writeFileSync(
    path.join(resultsDir, `${file}-${kind}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`,
  );
  writeFileSync(path.join(resultsDir, `${file}-${kind}.md`), markdown);
  // The file the issues name (bench/results/forms.json...): the PostgreSQL server's figures with the embedded ones beside.
  const latest = Object.fromEntries(
    ["postgres", "pglite"].flatMap((database) => {
      const source = path.join(resultsDir, `${file}-${database}.json`);
      return existsSync(source) ? [[database, JSON.parse(readFileSync(source, "utf8"))]] : [];
    }),
  );
  writeFileSync(path.join(resultsDir, `${file}.json`), `${JSON.stringify(latest, null, 2)}\n`);
}
