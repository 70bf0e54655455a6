import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumExecutablePath } from "./e2e/chromium.js";

const port = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database each run: the journeys start from an empty platform.
const dataDir = path.join(tmpdir(), `event-platform-e2e-${port}`);

/**
 * End-to-end journeys in Chromium (CHROMIUM_PATH, a system Chromium or Playwright's own: e2e/chromium.ts) against the
 * real server serving the built web app (`npm run test:e2e`).
 */
export default defineConfig({
  testDir: "e2e",
  // A unit test of the browser's choice, run by Vitest.
  testIgnore: "chromium.test.ts",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumExecutablePath(),
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    },
  },
  webServer: {
    command: `rm -rf '${dataDir}' && exec npx tsx server/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The journeys read mails at /dev/mailbox: no SMTP, and the embedded database even if the shell names a server.
      DATABASE_URL: "",
      SMTP_URL: "",
      JOB_POLL_SECONDS: "0.5",
      // The campaigns journey's platform administrator (a user made at start; e2e/campaigns.spec.ts sets its password).
      PLATFORM_ADMIN_EMAILS: "e2e-platform-admin@example.test",
    },
  },
});
