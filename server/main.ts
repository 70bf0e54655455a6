import cluster from "node:cluster";
import { buildApp, closeContext, createContext } from "./app.js";
import { type Config, loadConfig } from "./config.js";
import { openDatabase } from "./db/connection.js";

/** One server: the API, the web app and the job workers, on the configured port. */
async function serve(config: Config) {
  const context = await createContext(config);
  const app = await buildApp(context);

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    context.logger.info({ signal }, "shutting down");
    // Stop taking requests, let running ones and running jobs finish, then release the database.
    await app.close();
    await closeContext(context);
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  context.logger.info(`ready on ${config.publicUrl} (database: ${context.database.kind})`);
}

/**
 * WORKERS > 1: this process migrates the database once, then starts that many servers sharing the port (Node's
 * cluster hands them the connections in turn) and replaces one that dies. They are the stateless instances the
 * platform scales out with, on one machine: everything they share is in PostgreSQL. A worker that ends before it
 * listened cannot start (port taken, database gone): all stop with an error, for the service manager to see, rather
 * than being started again and again.
 */
async function superviseWorkers(config: Config) {
  const database = await openDatabase({ url: config.databaseUrl });
  await database.close();
  let stopping = false;
  const stop = (exitCode: number) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    cluster.disconnect(() => process.exit(exitCode));
  };
  const listened = new Set<number>();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      console.error(`worker ${worker.process.pid} ended (${signal ?? code}) before it listened; stopping`);
      stop(1);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    if (listened.size === config.workers) console.log(`${config.workers} workers ready on ${config.publicUrl}`);
  });
  for (let i = 0; i < config.workers; i++) cluster.fork();
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
}

const config = loadConfig();
if (config.workers > 1 && cluster.isPrimary) await superviseWorkers(config);
else await serve(config);
