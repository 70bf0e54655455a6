import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp, closeContext, createContext } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/connection.js";
import { createScratchDatabase } from "../server/testing/scratch-database.js";

/** What every benchmark shares: a whole server on this machine, one registered organizer, autocannon, the results. */
export const connections = 10;
export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);

/**
 * A whole server on a database of its own: an in-memory PGlite, or with DATABASE_URL an empty database created on that
 * server and dropped at stop(), so a benchmark neither reads the rows of earlier runs nor waits on their vacuum.
 */
export async function startBenchServer() {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: "silent", PORT: "0" }), webDistDir: undefined };
  const scratch = config.databaseUrl ? await createScratchDatabase(config.databaseUrl, "bench") : undefined;
  const database = await openDatabase({ url: scratch?.url });
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
  const stop = async () => {
    await app.close();
    await closeContext(context);
    await scratch?.drop();
  };
  return { app, context, database, base, token, accountId, stop };
}

/** CPU time (ms) of every `postgres` process of this machine, read from /proc; null where there is none to read. */
export function postgresCpuMs(): number | null {
  try {
    const msPerTick = 10; // USER_HZ is 100 on Linux
    let ticks = 0;
    let found = false;
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // the process ended meanwhile
      }
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      found = true;
    }
    return found ? ticks * msPerTick : null;
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

/** A request the load generator sends: a POST whose body holds `{seq}`, replaced per request (a new guest each). */
export type LoadRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  bodyTemplate?: string;
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
  token: string,
  clients = connections,
  request?: LoadRequest,
): Promise<LoadFigures> {
  const serverCpuBefore = process.cpuUsage();
  const databaseCpuBefore = postgresCpuMs();
  const run = await runLoad({
    url,
    connections: clients,
    duration: durationSeconds,
    method: request?.method ?? "GET",
    // An empty token measures a public route, as a guest calls it.
    headers: { ...request?.headers, ...(token && { authorization: `Bearer ${token}` }) },
    bodyTemplate: request?.bodyTemplate,
  });
  const serverCpu = process.cpuUsage(serverCpuBefore);
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
    serverCpuMsPerRequest: perRequest((serverCpu.user + serverCpu.system) / 1000),
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
  const machine = { database: kind, node: process.version, connections, durationSeconds };
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
