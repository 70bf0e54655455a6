import { execFileSync } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config.js";
import { freePort, processTable, spawnServer } from "./testing/processes.js";
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

/** server/main.ts as `npm start` runs it, with WORKERS=2, and what it says. */
function startSupervisor(databaseUrl: string, port: number, environment: NodeJS.ProcessEnv = {}) {
  return spawnServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    WORKERS: "2",
    ...environment,
  });
}

/** Whether `ss` (iproute2), which reads a listening socket's backlog from the kernel, is installed. */
const hasSs = (() => {
  try {
    execFileSync("ss", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!process.env.TEST_DATABASE_URL)("WORKERS=2 (server/main.ts as npm start runs it)", () => {
  let databaseUrl = "";
  let dropDatabase = async () => {};
  const supervisors: ReturnType<typeof startSupervisor>[] = [];
  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "workers");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  });
  afterAll(async () => {
    for (const supervisor of supervisors) {
      if (supervisor.child.exitCode === null) supervisor.child.kill("SIGTERM");
      await supervisor.exited;
    }
    await dropDatabase();
  });

  /** A supervisor on `port` whose two workers listen, stopped after the file's tests. */
  async function readySupervisor(port: number, environment: NodeJS.ProcessEnv = {}) {
    const supervisor = startSupervisor(databaseUrl, port, environment);
    supervisors.push(supervisor);
    await waitFor(
      () => supervisor.output().includes("2 workers ready"),
      () => `the workers (they said: ${supervisor.output()})`,
    );
    return supervisor;
  }

  test("two servers share the port, and one that dies is replaced", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const supervisor = await readySupervisor(port);
    const supervisorPid = supervisor.child.pid ?? 0;
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

  // The kernel's listening socket (the supervisor's, which hands the connections to its workers) holds as many
  // connections waiting to be accepted as LISTEN_BACKLOG says: `ss` shows it as the socket's Send-Q.
  test.skipIf(!hasSs)(
    "the port holds LISTEN_BACKLOG connections waiting to be accepted",
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const supervisor = await readySupervisor(port, { LISTEN_BACKLOG: "1234" });
      const listening = execFileSync("ss", ["-ltnH", `sport = :${port}`])
        .toString()
        .trim()
        .split(/\s+/);
      expect(listening[0]).toBe("LISTEN");
      expect(listening[2]).toBe("1234");
      supervisor.child.kill("SIGTERM");
      await supervisor.exited;
    },
  );

  test("workers that cannot listen (the port is taken) stop everything with an error", {
    timeout: 120_000,
  }, async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const address = taken.address();
    try {
      const supervisor = startSupervisor(databaseUrl, typeof address === "object" && address ? address.port : 0);
      supervisors.push(supervisor);
      expect(await supervisor.exited).toBe(1);
      expect(supervisor.output()).toContain("before it listened");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
