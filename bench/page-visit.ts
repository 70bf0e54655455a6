import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "@playwright/test";
import { build } from "vite";
import { chromiumExecutablePath } from "../e2e/chromium.js";

/*
 * A first visit of a page as a phone makes it, shared by the web and public benchmarks: a fresh browser context
 * (nothing cached) on a phone's screen and a slow 4G network (Lighthouse's mobile setting: 150 ms round trip,
 * 1.6 Mbit/s down), every response's bytes over the wire recorded.
 */

/** The web app built as `npm start` builds it, into a folder of its own (`label` names it): the folder and the app's. */
export async function builtWebApp(label: string) {
  const workDir = mkdtempSync(path.join(tmpdir(), `bench-${label}-`));
  const webDistDir = path.join(workDir, "web");
  console.log(`building the web app into ${webDistDir}`);
  await build({
    configFile: path.join(import.meta.dirname, "..", "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: webDistDir },
  });
  return { workDir, webDistDir };
}

/** Headless Chromium (the machine's, as the end-to-end tests find it). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: chromiumExecutablePath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });

export const phone = { width: 390, height: 844 };
export const network = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };
export const kB = 1000;

export type Transfer = { url: string; type: string; bytes: number; encoding: string };

const phoneContext: BrowserContextOptions = {
  viewport: phone,
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: "en-GB",
};

/**
 * Opens `url` in a fresh phone context, runs `during` on the page (it waits for what the page must show), and answers
 * the transfers so far (CDP's encodedDataLength: headers and compressed body) with what `during` answered.
 */
export async function phoneVisit<Result>(
  browser: Browser,
  url: string,
  during: (page: Page, transfers: Transfer[]) => Promise<Result>,
  { session }: { session?: string } = {},
): Promise<{ transfers: Transfer[]; result: Result }> {
  const browserContext = await browser.newContext(phoneContext);
  if (session) await browserContext.addInitScript((token) => localStorage.setItem("ep.session", token), session);
  const page = await browserContext.newPage();
  const cdp = await browserContext.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: (network.downloadKbps * 1000) / 8,
    uploadThroughput: (network.uploadKbps * 1000) / 8,
  });
  const responses = new Map<string, Omit<Transfer, "bytes">>();
  const transfers: Transfer[] = [];
  cdp.on("Network.responseReceived", (event) => {
    const encoding = event.response.headers["content-encoding"] ?? event.response.headers["Content-Encoding"] ?? "";
    responses.set(event.requestId, { url: event.response.url, type: event.type, encoding });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = responses.get(event.requestId);
    if (response) transfers.push({ ...response, bytes: event.encodedDataLength });
  });
  try {
    await page.goto(url);
    const result = await during(page, transfers);
    return { transfers: [...transfers], result };
  } finally {
    await browserContext.close();
  }
}

/** The page's first contentful paint and its largest one so far, in ms from the navigation's start. */
export function paintTimings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        new PerformanceObserver((list) => {
          resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime ?? Number.NaN });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

export const bytesOfType = (transfers: Transfer[], ...types: string[]) =>
  transfers.filter((transfer) => types.includes(transfer.type)).reduce((sum, transfer) => sum + transfer.bytes, 0);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
