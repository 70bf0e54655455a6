import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config.js";
import { freePort, processTable } from "./testing/processes.js";
import { createScratchDatabase } from "./testing/scratch-database.js";

test("several workers need a PostgreSQL server: the embedded database belongs to one process", () => {
  expect(() => loadConfig({ WORKERS: "2" })).toThrow(/WORKERS/);
  expect(loadConfig({ WORKERS: "2", DATABASE_URL: "postgres://localhost/events" }).workers).toBe(2);
  expect(loadConfig({}).workers).toBe(1);
});

/** The node processes `pid` started (tsx may start esbuild beside them, to compile on a cold cache). */
const nodeChildrenOf = (pid: number) =>
  processTable().flatMap((row) => (row.parent === pid && row.command === "node" ? [row.pid] : []));

const waitFor = async (condition: () => boolean | Promise<boolean>, what: () => string) => {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("WORKERS=2 (server/main.ts as npm start runs it)", () => {
  let supervisor: ChildProcess | undefined;
  let dropDatabase = async () => {};
  afterAll(async () => {
    if (supervisor && supervisor.exitCode === null) {
      const exited = new Promise((resolve) => supervisor?.on("exit", resolve));
      supervisor.kill("SIGTERM");
      await exited;
    }
    await dropDatabase();
  });

  test("two servers share the port, and one that dies is replaced", { timeout: 120_000 }, async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "workers");
    dropDatabase = scratch.drop;
    const port = await freePort();
    supervisor = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "main.ts")], {
      env: { ...process.env, DATABASE_URL: scratch.url, PORT: String(port), HOST: "127.0.0.1", WORKERS: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    supervisor.stdout?.on("data", keep);
    supervisor.stderr?.on("data", keep);
    await waitFor(
      () => output.includes("2 workers ready"),
      () => `the workers (they said: ${output})`,
    );
    const supervisorPid = supervisor.pid ?? 0;
    const workers = nodeChildrenOf(supervisorPid);
    expect(workers).toHaveLength(2);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });

    const [dying] = workers;
    process.kill(dying ?? 0, "SIGKILL");
    await waitFor(
      () => {
        const now = nodeChildrenOf(supervisorPid);
        return now.length === 2 && !now.includes(dying ?? 0);
      },
      () => "a new worker",
    );
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      () => "the port to answer again",
    );
  });
});
