import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Which Chromium the end-to-end journeys (and any benchmark driving a browser) run in. One answer for every caller:
 * the Playwright config and `e2e/find-chromium.ts`, which `npm run test:e2e` runs first to install one where it can.
 */

/** The variable that names a browser to use rather than looking for one. */
export const chromiumPathVariable = "CHROMIUM_PATH";

/** Where Debian (chromium), older Ubuntu (chromium-browser) and Google's package (google-chrome) put theirs. */
export const systemChromiumPaths = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** What the decision looks at, passed in so a test can stage any machine. */
export type ChromiumProbes = {
  env: Record<string, string | undefined>;
  isExecutable(file: string): boolean;
  /** The browser `npx playwright install chromium` puts in Playwright's cache, whether or not it is there. */
  playwrightChromiumPath(): string;
  /** Debian itself (not only a derivative): its `chromium` package is a real browser, Ubuntu's a snap wrapper. */
  isDebian(): boolean;
  isRoot(): boolean;
  hasPasswordlessSudo(): boolean;
};

export type ChromiumResolution =
  | { kind: "found"; path: string }
  | { kind: "install"; commands: string[][] }
  | { kind: "missing"; message: string };

const aptInstall = (prefix: string[]) => [
  [...prefix, "apt-get", "update"],
  [...prefix, "apt-get", "install", "-y", "--no-install-recommends", "chromium"],
];

/**
 * Picks, in order: the configured path, a system Chromium, Playwright's own. With none, plans an apt-get install on
 * Debian as root (or with passwordless sudo); elsewhere says in one line what to run.
 */
export function resolveChromium(probes: ChromiumProbes): ChromiumResolution {
  const configured = probes.env[chromiumPathVariable];
  if (configured) {
    // A path given on purpose that does not work is a mistake to report, not a reason to run another browser.
    if (probes.isExecutable(configured)) return { kind: "found", path: configured };
    return { kind: "missing", message: `${chromiumPathVariable}=${configured} is not an executable file.` };
  }
  const system = systemChromiumPaths.find((file) => probes.isExecutable(file));
  if (system) return { kind: "found", path: system };
  const playwrights = probes.playwrightChromiumPath();
  if (probes.isExecutable(playwrights)) return { kind: "found", path: playwrights };
  if (probes.isDebian()) {
    if (probes.isRoot()) return { kind: "install", commands: aptInstall([]) };
    if (probes.hasPasswordlessSudo()) return { kind: "install", commands: aptInstall(["sudo", "-n"]) };
    return {
      kind: "missing",
      message: `No Chromium found: run \`sudo apt-get install chromium\` or set ${chromiumPathVariable}=/path/to/chromium.`,
    };
  }
  return {
    kind: "missing",
    message: `No Chromium found: run \`npx playwright install chromium\` or set ${chromiumPathVariable}=/path/to/chromium.`,
  };
}

/** The machine this runs on. */
export const systemProbes: ChromiumProbes = {
  env: process.env,
  isExecutable(file) {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  playwrightChromiumPath: () => chromium.executablePath(),
  isDebian() {
    if (!existsSync("/etc/os-release")) return false;
    return /^ID="?debian"?$/m.test(readFileSync("/etc/os-release", "utf8"));
  },
  isRoot: () => process.getuid?.() === 0,
  hasPasswordlessSudo: () => spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0,
};

/** The browser to launch, for callers that cannot install one: any other answer stops them with its one line. */
export function chromiumExecutablePath(probes: ChromiumProbes = systemProbes): string {
  const resolution = resolveChromium(probes);
  if (resolution.kind === "found") return resolution.path;
  if (resolution.kind === "missing") throw new Error(resolution.message);
  throw new Error(
    `No Chromium found: run \`npx tsx e2e/find-chromium.ts\` to install it with apt-get, or set ${chromiumPathVariable}=/path/to/chromium.`,
  );
}
