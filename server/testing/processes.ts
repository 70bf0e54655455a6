import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { TestApp, TestResponse } from "./test-app.js";

/** A TCP port free on the loopback now, for a server a test or a benchmark starts as a process of its own. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

/**
 * Each process of this machine with its parent, command and CPU time so far (ms): its own (utime + stime) and its
 * ended children's (cutime + cstime), so that PostgreSQL's total keeps the time of a backend that has closed (the
 * postmaster reaps it). Read from /proc.
 */
export function processTable() {
  const msPerTick = 10; // USER_HZ is 100 on Linux
  const table: { pid: number; parent: number; command: string; cpuMs: number }[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuMs = fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * msPerTick;
    table.push({ pid: Number(pid), parent: Number(fields[1]), command, cpuMs });
  }
  return table;
}

/** server/main.ts as `npm start` runs it, in a process of its own with `environment` added, and all it prints. */
export function spawnServer(environment: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "../main.ts")], {
    env: { ...process.env, ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

export type ServerProcess = ReturnType<typeof spawnServer> & { url: string };

/**
 * server/main.ts in a process of its own on a free loopback port, answering: what a test kills with SIGKILL and starts
 * again. Mails stay in the outbox and jobs are polled every half second unless `environment` says otherwise.
 */
export async function startServerProcess(environment: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const server = {
    ...spawnServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "0.5",
      SMTP_URL: "",
      ...environment,
    }),
    url: `http://127.0.0.1:${port}`,
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answers = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answers) return server;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for the server to answer (it said: ${server.output()})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The API calls of the test fixtures, sent to a server process's port (they use nothing of a TestApp but this). */
export function requestsTo(server: { url: string }): TestApp {
  const request: TestApp["request"] = async ({ method, url, token, body, language, headers }) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(language && { "accept-language": language }),
        ...(body !== undefined && { "content-type": "application/json" }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    const answer: TestResponse = {
      status: response.status,
      body: isJson ? await response.json() : await response.text(),
      headers: Object.fromEntries(response.headers),
    };
    return answer;
  };
  return { request } as TestApp;
}
