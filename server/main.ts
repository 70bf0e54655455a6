import { buildApp, closeContext, createContext } from "./app.js";
import { loadConfig } from "./config.js";

const config = loadConfig();
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

await app.listen({ port: config.port, host: config.host });
context.logger.info(`ready on ${config.publicUrl} (database: ${context.database.kind})`);
