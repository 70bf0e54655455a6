import { spawnSync } from "node:child_process";
import { type ChromiumProbes, chromiumPathVariable, resolveChromium, systemProbes } from "./chromium.js";

/**
 * Run by `npm run test:e2e` before Playwright: finds the browser the journeys run in, installs Debian's where it can,
 * and otherwise stops the tests with one line saying what to run.
 */
function ensureChromium(probes: ChromiumProbes): number {
  const resolution = resolveChromium(probes);
  if (resolution.kind === "missing") {
    console.error(resolution.message);
    return 1;
  }
  if (resolution.kind === "install") {
    console.log("No Chromium found: installing Debian's (apt-get install chromium).");
    for (const [command = "", ...args] of resolution.commands) {
      const run = spawnSync(command, args, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
      if (run.status !== 0) {
        console.error(
          `No Chromium found and \`${[command, ...args].join(" ")}\` failed: install chromium and run again.`,
        );
        return 1;
      }
    }
  }
  const installed = resolveChromium(probes);
  if (installed.kind !== "found") {
    console.error(`No Chromium found after apt-get install chromium: set ${chromiumPathVariable}=/path/to/chromium.`);
    return 1;
  }
  console.log(`End-to-end journeys run in ${installed.path}`);
  return 0;
}

process.exitCode = ensureChromium(systemProbes);
