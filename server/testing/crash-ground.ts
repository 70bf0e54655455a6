import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection.js";
import { type ServerProcess, startServerProcess } from "./processes.js";
import { createScratchDatabase } from "./scratch-database.js";

/**
 * What a kill -9 test stands on: a data folder, and with TEST_DATABASE_URL a scratch database on that server, made
 * before the file's tests and removed after them; each server process started on it (server/main.ts, as `npm start`
 * runs it) is killed at the end if it is still up. Call it inside the test file's describe block.
 */
export function crashGround(label: string) {
  let dataDir = "";
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `${label}-`));
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, label.replaceAll("-", "_"));
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
    }
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    /** A server process on the ground, with these variables besides its data folder and database. */
    async start(environment: Record<string, string> = {}) {
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", ...environment });
      servers.push(server);
      return server;
    },
    /** The ground's database, opened by the test while no server holds it (the embedded one allows one process). */
    async withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
      const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}
