import { defineConfig } from "vitest/config";
import { endpointRoutes } from "./web/api/endpoint-routes.plugin.js";

export default defineConfig({
  // The web client's route table (`virtual:endpoint-routes`), as in the build.
  plugins: [endpointRoutes()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts a server with its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "e2e/chromium.test.ts"],
          // Each test app's database is a copy of one migrated before the files run.
          globalSetup: ["server/testing/migrated-database.ts"],
          // A worker keeps the server's modules from one file to the next: loading them anew for each file cost more
          // than half the suite's time. Files share no state through them (each starts its own app and database),
          // and none replaces a module with vi.mock, which would carry over into the files after it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          // Each file loads the front end's modules anew: some keep state from one file to the next (the Stripe script's
          // loader), and without isolation files failed in a shuffled order.
          isolate: true,
        },
      },
    ],
  },
});
