import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Database, DatabaseHandle } from "../db/connection.js";
import type { FileStore } from "./file-store.js";
import type { JobRunner } from "./jobs.js";
import type { Mailer } from "./mailer.js";

/** What every module's routes and services are given: built once in app.ts, never a global. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  files: FileStore;
  jobs: JobRunner;
  logger: Logger;
};
