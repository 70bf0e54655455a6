import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteOf } from "../db/connection.js";
import { createScratchDatabase } from "./scratch-database.js";

/**
 * The database every test app starts from (test-app.ts), migrated once for the whole run (vitest.config.ts runs this
 * before the server's test files): migrating a new database cost 0.75 s on PostgreSQL and 3 s on PGlite, for each of
 * some 200 apps. On the PostgreSQL server of TEST_DATABASE_URL it is a template database, which each app's database
 * copies; otherwise a dump of PGlite's files, which each in-memory database loads.
 */
export type MigratedDatabase = { serverUrl: string; template: string } | { dumpFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase;
  }
}

export default async function migrateOnce(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, "migrated");
    // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
    await (await openDatabase({ url: template.url })).close();
    project.provide("migratedDatabase", { serverUrl, template: template.name });
    return () => template.drop();
  }
  const folder = await mkdtemp(path.join(tmpdir(), "migrated-database-"));
  const database = await openDatabase({});
  const dump = await (pgliteOf(database.db) as PGlite).dumpDataDir("none");
  await database.close();
  const dumpFile = path.join(folder, "pgdata.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedDatabase", { dumpFile });
  return () => rm(folder, { recursive: true, force: true });
}

let dumpRead: { dumpFile: string; files: Promise<Blob> } | undefined;

/**
 * The dump's files, read once by each worker for each run: a worker kept for the next run (`vitest` watching) gets
 * that run's dump, migrated again.
 */
export function migratedDump(dumpFile: string): Promise<Blob> {
  if (dumpRead?.dumpFile !== dumpFile) {
    dumpRead = { dumpFile, files: readFile(dumpFile).then((bytes) => new Blob([bytes])) };
  }
  return dumpRead.files;
}
