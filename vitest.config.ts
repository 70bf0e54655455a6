import { defineConfig } from "vitest/config";
import { endpointRoutes } from "./web/api/endpoint-routes.plugin.js";

export default defineConfig({
  // The web client's route table (`virtual:endpoint-routes`), as in the build.
  plugins: [endpointRoutes()],
  test: {
    include: ["server/**/*.test.ts", "contract/**/*.test.ts", "web/**/*.test.{ts,tsx}", "e2e/chromium.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts a server with its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
