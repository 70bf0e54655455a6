import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { buildApp, closeContext, createContext } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import {
  builtWebApp,
  bytesOfType,
  kB,
  launchChromium,
  median,
  network,
  paintTimings,
  phone,
  phoneVisit,
} from "./page-visit.js";

/**
 * What a first visit costs on a phone (issue 17): the bytes of JavaScript and CSS that cross the network, compressed
 * as the server sends them, and the time to the first render, for the public event page a guest opens and for the
 * organizer's sign-in page and events list. The web app is built from the current code into a folder of its own and
 * served with an embedded database in a temporary folder, as `npm start` serves it. Each visit is a fresh browser
 * context (nothing cached), on a phone's screen and a slow 4G network (Lighthouse's mobile setting: 150 ms round
 * trip, 1.6 Mbit/s down). Budgets are on bytes only; the times are figures, they fail nothing.
 */

const runsPerPage = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** BENCH_WEB_SCREENSHOTS=<folder>: a phone screenshot of each page, to see that the split kept the look. */
const screenshotDir = process.env.BENCH_WEB_SCREENSHOTS;

const { workDir, webDistDir } = await builtWebApp("web");

const config = {
  ...loadConfig({ ...process.env, PORT: "0", DATA_DIR: workDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "silent" }),
  webDistDir,
};
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

async function api<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// An organizer and the event a guest opens: a description, a venue and an online registration form, so the page
// shows what a real one shows (the register button, the map link).
const password = "Bench-password-2026";
const { token } = await api<{ token: string }>("POST", "/api/v1/auth/register", {
  email: "bench-web@example.test",
  password,
  passwordConfirmation: password,
  firstName: "Camille",
  lastName: "Martin",
  accountName: "Bench events",
  language: "en",
});
const me = await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then(
  (response) => response.json() as Promise<{ memberships: { accountId: string }[] }>,
);
const accountId = me.memberships[0]?.accountId;
const slug = "spring-gala";
const event = await api<{ id: string }>(
  "POST",
  `/api/v1/accounts/${accountId}/events`,
  {
    name: "Spring gala 2027",
    slug,
    startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    venueName: "Palais Brongniart",
    address: "28 place de la Bourse, 75002 Paris",
    languages: ["en", "fr"],
    preferredLanguage: "en",
    description: {
      en: "An evening of music and talks to open the season.\nDoors open at 7 pm; dinner is served at 8.",
      fr: "Une soirée de musique et de conférences pour ouvrir la saison.",
    },
  },
  token,
);
const formsUrl = `/api/v1/events/${accountId}/${event.id}/forms`;
const form = await api<{ id: string }>(
  "POST",
  formsUrl,
  {
    type: "registration",
    title: { en: "Registration" },
    items: [{ kind: "question", id: "company", type: "short_text", title: { en: "Company" } }],
  },
  token,
);
await api("POST", `${formsUrl}/${form.id}/options`, { online: true }, token);

type PageCase = {
  name: string;
  path: string;
  budgetBytes: number;
  aimBytes?: number;
  signedIn: boolean;
  /** What the page shows once rendered: the visit ends when it is visible and the network is idle. */
  ready: (page: Page) => Promise<void>;
};

const pages: PageCase[] = [
  {
    name: "public event page",
    path: `/en/${slug}`,
    budgetBytes: 200 * kB,
    aimBytes: 150 * kB,
    signedIn: false,
    ready: (page) => page.getByRole("heading", { level: 1, name: "Spring gala 2027" }).waitFor(),
  },
  {
    name: "admin sign-in",
    path: "/en/admin",
    budgetBytes: 350 * kB,
    signedIn: false,
    ready: (page) => page.getByRole("textbox", { name: /email/i }).waitFor(),
  },
  {
    name: "admin events list",
    path: "/en/admin/events",
    budgetBytes: 350 * kB,
    signedIn: true,
    ready: (page) => page.getByText("Spring gala 2027").first().waitFor(),
  },
];

/** One first visit: its bytes over the wire and paint times, a full-page screenshot when asked. */
function visit(browser: Browser, pageCase: PageCase, screenshot?: string) {
  return phoneVisit(
    browser,
    `${base}${pageCase.path}`,
    async (page) => {
      await pageCase.ready(page);
      // Chunks a page asks for after its first render count too.
      await page.waitForLoadState("networkidle");
      const timings = await paintTimings(page);
      if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
      return timings;
    },
    { session: pageCase.signedIn ? token : undefined },
  ).then(({ transfers, result }) => ({ transfers, ...result }));
}

const browser = await launchChromium();
const chromiumVersion = browser.version();
if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
const results = [];
try {
  for (const pageCase of pages) {
    const runs = [];
    for (let run = 0; run < runsPerPage; run++) {
      const screenshot =
        screenshotDir && run === 0 ? path.join(screenshotDir, `${pageCase.name.replaceAll(" ", "-")}.png`) : undefined;
      runs.push(await visit(browser, pageCase, screenshot));
    }
    const [first] = runs;
    if (!first) continue;
    const scriptBytes = bytesOfType(first.transfers, "Script");
    const stylesheetBytes = bytesOfType(first.transfers, "Stylesheet");
    const totalBytes = scriptBytes + stylesheetBytes;
    const files = first.transfers
      .filter((transfer) => transfer.type === "Script" || transfer.type === "Stylesheet")
      .map((transfer) => ({
        file: new URL(transfer.url).pathname,
        bytes: transfer.bytes,
        encoding: transfer.encoding || "identity",
      }))
      .sort((a, b) => b.bytes - a.bytes);
    results.push({
      page: pageCase.name,
      path: pageCase.path,
      scriptBytes,
      stylesheetBytes,
      javascriptPlusCssBytes: totalBytes,
      budgetBytes: pageCase.budgetBytes,
      ...(pageCase.aimBytes && { aimBytes: pageCase.aimBytes }),
      withinBudget: totalBytes <= pageCase.budgetBytes,
      firstContentfulPaintMs: Math.round(median(runs.map((run) => run.fcp))),
      largestContentfulPaintMs: Math.round(median(runs.map((run) => run.lcp))),
      files,
    });
  }
} finally {
  await browser.close();
  await app.close();
  await closeContext(context);
  rmSync(workDir, { recursive: true, force: true });
}

const setting = {
  date: new Date().toISOString(),
  machine: { node: process.version, chromium: chromiumVersion },
  visit: {
    viewport: phone,
    deviceScaleFactor: 3,
    network,
    cache: "none (a fresh browser context per visit)",
    runsPerPage,
    bytes: "over the wire, headers included (CDP Network.loadingFinished encodedDataLength); 1 kB = 1000 bytes",
    times: "median over the runs, from the navigation's start",
  },
};
const resultsDir = path.join(import.meta.dirname, "results");
writeFileSync(path.join(resultsDir, "web.json"), `${JSON.stringify({ ...setting, results }, null, 2)}\n`);

const rows = results.map(
  (result) =>
    `| ${result.page} | \`${result.path}\` | ${(result.scriptBytes / kB).toFixed(1)} | ${(result.stylesheetBytes / kB).toFixed(1)} | ${(result.javascriptPlusCssBytes / kB).toFixed(1)} | ${result.budgetBytes / kB}${result.aimBytes ? ` (aim ${result.aimBytes / kB})` : ""} | ${result.withinBudget ? "met" : "**over**"} | ${result.firstContentfulPaintMs} | ${result.largestContentfulPaintMs} |`,
);
writeFileSync(
  path.join(resultsDir, "web.md"),
  `# Web benchmark: a first visit on a phone\n\n${setting.date} — Chromium ${chromiumVersion}, ${phone.width}×${phone.height} viewport, ${network.latencyMs} ms round trip and ${network.downloadKbps / 1000} Mbit/s down, nothing cached, median of ${runsPerPage} visits.\n\n| page | path | JS kB | CSS kB | JS + CSS kB | budget kB | budget | first contentful paint ms | largest contentful paint ms |\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n\nBytes are those over the wire (compressed, headers included).\n`,
);
for (const result of results) {
  console.log(
    `${result.page}: ${(result.javascriptPlusCssBytes / kB).toFixed(1)} kB of JS + CSS (budget ${result.budgetBytes / kB} kB: ${result.withinBudget ? "met" : "OVER"}), first contentful paint ${result.firstContentfulPaintMs} ms, largest ${result.largestContentfulPaintMs} ms`,
  );
}
