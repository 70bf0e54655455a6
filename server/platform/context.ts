import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Database, DatabaseHandle } from "../db/connection.js";
import type { FileStore } from "./file-store.js";
import type { JobRunner } from "./jobs.js";
import type { LiveUpdates } from "./live-updates.js";
import type { Mailer } from "./mailer.js";

/**
 * What a module needs from a module above it, which it may not import (DESIGN.md §3: modules never import each other
 * in a cycle). Each module declares its entries where it uses them, by merging into this interface
 * (`declare module ".../platform/context.js"`), and createContext in app.ts fills every one at start.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules add their entries by declaration merging
export interface ModuleHooks {}

/** What every module's routes and services are given: built once in app.ts, never a global. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  files: FileStore;
  jobs: JobRunner;
  logger: Logger;
  hooks: ModuleHooks;
  /** LISTEN/NOTIFY of the database, shared by every live screen of the process. */
  live: LiveUpdates;
};
