import { describe, expect, test } from "vitest";
import { type ChromiumProbes, chromiumExecutablePath, resolveChromium } from "./chromium.js";

const playwrights = "/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

/** A machine with the given executables, on Debian as a plain user without sudo unless told otherwise. */
function machine(executables: string[], overrides: Partial<ChromiumProbes> = {}): ChromiumProbes {
  return {
    env: {},
    isExecutable: (file) => executables.includes(file),
    playwrightChromiumPath: () => playwrights,
    isDebian: () => true,
    isRoot: () => false,
    hasPasswordlessSudo: () => false,
    ...overrides,
  };
}

describe("the browser of the end-to-end journeys", () => {
  test("CHROMIUM_PATH comes first", () => {
    const probes = machine(["/opt/chrome/chrome", "/usr/bin/chromium"], {
      env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
    });
    expect(resolveChromium(probes)).toEqual({ kind: "found", path: "/opt/chrome/chrome" });
  });

  test("a CHROMIUM_PATH that is no executable stops with one line, even with another browser installed", () => {
    const probes = machine(["/usr/bin/chromium"], { env: { CHROMIUM_PATH: "/nowhere/chrome" }, isRoot: () => true });
    expect(resolveChromium(probes)).toEqual({
      kind: "missing",
      message: "CHROMIUM_PATH=/nowhere/chrome is not an executable file.",
    });
    expect(() => chromiumExecutablePath(probes)).toThrow("CHROMIUM_PATH=/nowhere/chrome is not an executable file.");
  });

  test("then Debian's chromium, chromium-browser, google-chrome, in that order", () => {
    expect(resolveChromium(machine(["/usr/bin/google-chrome", "/usr/bin/chromium", playwrights]))).toEqual({
      kind: "found",
      path: "/usr/bin/chromium",
    });
    expect(resolveChromium(machine(["/usr/bin/google-chrome", "/usr/bin/chromium-browser"]))).toEqual({
      kind: "found",
      path: "/usr/bin/chromium-browser",
    });
    expect(resolveChromium(machine(["/usr/bin/google-chrome"]))).toEqual({
      kind: "found",
      path: "/usr/bin/google-chrome",
    });
  });

  test("then Playwright's own browser, when it is installed", () => {
    expect(chromiumExecutablePath(machine([playwrights]))).toBe(playwrights);
  });

  test("none on Debian as root: apt-get installs chromium", () => {
    expect(resolveChromium(machine([], { isRoot: () => true }))).toEqual({
      kind: "install",
      commands: [
        ["apt-get", "update"],
        ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
      ],
    });
  });

  test("none on Debian with passwordless sudo: apt-get through sudo", () => {
    const resolution = resolveChromium(machine([], { hasPasswordlessSudo: () => true }));
    expect(resolution).toEqual({
      kind: "install",
      commands: [
        ["sudo", "-n", "apt-get", "update"],
        ["sudo", "-n", "apt-get", "install", "-y", "--no-install-recommends", "chromium"],
      ],
    });
  });

  test("none on Debian without root: one line saying what to run", () => {
    expect(resolveChromium(machine([]))).toEqual({
      kind: "missing",
      message: "No Chromium found: run `sudo apt-get install chromium` or set CHROMIUM_PATH=/path/to/chromium.",
    });
  });

  test("none elsewhere, even as root: no apt-get, Playwright's installer named instead", () => {
    const probes = machine([], { isDebian: () => false, isRoot: () => true });
    expect(resolveChromium(probes)).toEqual({
      kind: "missing",
      message: "No Chromium found: run `npx playwright install chromium` or set CHROMIUM_PATH=/path/to/chromium.",
    });
  });

  test("a caller that cannot install (the Playwright config) says how to", () => {
    expect(() => chromiumExecutablePath(machine([], { isRoot: () => true }))).toThrow(
      "No Chromium found: run `npx tsx e2e/find-chromium.ts` to install it with apt-get, or set CHROMIUM_PATH=/path/to/chromium.",
    );
  });
});
