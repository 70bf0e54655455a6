import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { PublicContent } from "../contract/public-content.js";
import { buildApp, closeContext, createContext } from "../server/app.js";
import { loadConfig } from "../server/config.js";
import { multipartForm } from "../server/modules/forms/forms.testing.js";
import { freePort } from "../server/testing/processes.js";
import { type LoadFigures, measure, writeResults } from "./harness.js";
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
  type Transfer,
} from "./page-visit.js";

/**
 * The public event page with all its content (issue 21): 20 speakers with photos, 30 partners with logos, 40 program
 * items and 200 photos, opened on a phone with nothing cached over slow 4G: the bytes over the
 * wire by kind (JS, CSS, images, API), the first contentful paint and the moment the content shows, and the images
 * fetched before the visitor scrolls (they load lazily, as resized copies). Then the page's API answers per second at
 * 10 connections (autocannon in its own process). The web app is built from the current code and served with an
 * embedded database, as `npm start` serves it. Budget: JS + CSS within 200 kB; times are figures, they fail nothing.
 */

const runs = Number(process.env.BENCH_PUBLIC_RUNS ?? 3);
/** BENCH_PUBLIC_SCREENSHOTS=<folder>: a phone screenshot of the whole page, to look at. */
const screenshotDir = process.env.BENCH_PUBLIC_SCREENSHOTS;
const budgetBytes = 200 * kB;
const counts = { speakers: 20, partners: 30, programItems: 40, photos: 200 };

const { workDir, webDistDir } = await builtWebApp("public");

// Image addresses in the answers are absolute (PUBLIC_URL): the port is chosen first so that they lead here.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const config = {
  ...loadConfig({
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: workDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    LOG_LEVEL: "silent",
  }),
  webDistDir,
};
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ port, host: "127.0.0.1" });
const serverCpuMs = () => {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000;
};

let token = "";
async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// The organizer and the event, in English and French, with every module on.
const password = "Bench-password-2026";
token = (
  await api<{ token: string }>("POST", "/auth/register", {
    email: "bench-public@example.test",
    password,
    passwordConfirmation: password,
    firstName: "Camille",
    lastName: "Martin",
    accountName: "Bench events",
    language: "en",
  })
).token;
const accountId = (await api<{ memberships: { accountId: string }[] }>("GET", "/auth/me")).memberships[0]?.accountId;
const slug = "tech-summit";
const event = await api<{ id: string }>("POST", `/accounts/${accountId}/events`, {
  name: "Tech summit 2027",
  slug,
  startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  venueName: "Palais des congrès",
  address: "2 place de la Porte Maillot, 75017 Paris",
  languages: ["en", "fr"],
  preferredLanguage: "en",
  description: { en: "Two days of talks on the web platform.", fr: "Deux jours de conférences sur le web." },
});
const scope = `/events/${accountId}/${event.id}`;

/** Images made once with sharp, each uploaded as many times as items show one (each upload makes its own copies). */
const picture = (width: number, height: number, hue: number, format: "jpeg" | "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .composite([{ input: Buffer.from(noiseSvg(width, height)), top: 0, left: 0 }])
    [format]()
    .toBuffer();
/** Stripes, so that the copies weigh what a photo's do rather than a flat colour's few bytes. */
const noiseSvg = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${Array.from(
    { length: 40 },
    (_, i) =>
      `<rect x="${(i * 37) % width}" y="${(i * 53) % height}" width="${width / 6}" height="${height / 9}" fill="hsl(${(i * 47) % 360},70%,60%)" opacity="0.6"/>`,
  ).join("")}</svg>`;

async function uploadImage(bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), type === "image/png" ? "image.png" : "image.jpg");
  const response = await fetch(`${base}/api/v1${scope}/images?purpose=general`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`image upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

console.log(`seeding ${counts.speakers} speakers and ${counts.partners} partners with their images`);
const portrait = await picture(800, 800, 60, "jpeg");
const logo = await picture(600, 240, 200, "png");
for (let i = 1; i <= counts.speakers; i++) {
  await api("POST", `${scope}/speakers/create`, {
    name: `Speaker ${i}`,
    job: "Engineer",
    company: `Company ${i}`,
    biography: {
      en: `Speaker ${i} builds the web platform. `.repeat(8),
      fr: `L'intervenant ${i} construit le web. `.repeat(8),
    },
    photoImageId: await uploadImage(portrait, "image/jpeg"),
    socialUrls: { linkedin: `https://www.linkedin.com/in/speaker-${i}` },
  });
}
for (let i = 1; i <= counts.partners; i++) {
  await api("POST", `${scope}/partners/create`, {
    name: `Partner ${i}`,
    link: `https://partner-${i}.example`,
    logoImageId: await uploadImage(logo, "image/png"),
    width: 120,
    altText: { en: `Partner ${i}'s logo`, fr: `Logo du partenaire ${i}` },
  });
}

const hour = 3_600_000;
const programStart = Date.now() + 30 * 86_400_000;
for (let i = 0; i < counts.programItems; i++) {
  await api("POST", `${scope}/programs/create`, {
    language: "en",
    title: `Talk ${i + 1}: the web platform`,
    startsAt: new Date(programStart + i * hour).toISOString(),
    endsAt: new Date(programStart + (i + 0.75) * hour).toISOString(),
    location: `Room ${(i % 4) + 1}`,
    description: "A talk and its questions. ".repeat(4),
  });
}
console.log(`seeding ${counts.photos} photos`);
const photo = await picture(1600, 1067, 120, "jpeg");
for (let i = 0; i < counts.photos; i++) {
  const { body, headers } = multipartForm({}, { name: `photo-${i}.jpg`, bytes: photo, type: "image/jpeg" });
  const response = await fetch(`${base}/api/v1${scope}/photos`, {
    method: "POST",
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(body),
  });
  if (response.status !== 201) throw new Error(`photo upload answered ${response.status}: ${await response.text()}`);
}

const contentUrl = `/public/events/${slug}/content?lang=en`;
const content = await api<PublicContent>("GET", contentUrl);
/** Which kind of content each image belongs to, by the image's id in its copies' addresses. */
const imageKinds = new Map<string, string>();
const imageId = (url: string) => /\/images\/([^/]+)\//.exec(url)?.[1] ?? "";
for (const speaker of content.speakers) if (speaker.photo) imageKinds.set(imageId(speaker.photo.url), "speakers");
for (const partner of content.partners) if (partner.logo) imageKinds.set(imageId(partner.logo.url), "partners");
for (const item of content.photos) imageKinds.set(imageId(item.url), "photos");

type Split = Record<string, number>;
/** The bytes of images per kind of content (and "page": the banner, logo and the like). */
function imageBytes(transfers: Transfer[]): Split {
  const split: Split = {};
  for (const transfer of transfers.filter((candidate) => candidate.type === "Image")) {
    const kind = imageKinds.get(imageId(transfer.url)) ?? "page";
    split[kind] = (split[kind] ?? 0) + transfer.bytes;
  }
  return split;
}
const isApi = (transfer: Transfer) => new URL(transfer.url).pathname.startsWith("/api/v1/public/");

/** Scrolls to the foot of the page a screen at a time, as a visitor reads it, letting lazy images load. */
async function readToTheEnd(page: Page) {
  for (let step = 0; step < 200; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) break;
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
}

const browser = await launchChromium();
const chromiumVersion = browser.version();
if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });

type Visit = {
  fcp: number;
  lcp: number;
  contentShownMs: number;
  firstScreen: Transfer[];
  wholePage: Transfer[];
  horizontalOverflow: boolean;
};
const visits: Visit[] = [];
let load: LoadFigures[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const { result } = await phoneVisit(browser, `${base}/en/${slug}`, async (page, transfers) => {
      await page.getByRole("heading", { level: 1, name: "Tech summit 2027" }).waitFor();
      // The content shows: its first section's heading is on the page.
      await page.locator("#speakers-title").waitFor();
      const contentShownMs = await page.evaluate(() => performance.now());
      await page.waitForLoadState("networkidle");
      const timings = await paintTimings(page);
      const firstScreen = [...transfers];
      const horizontalOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      await readToTheEnd(page);
      if (screenshotDir && run === 0) {
        await page.screenshot({ path: path.join(screenshotDir, "public-content-phone.png"), fullPage: true });
      }
      return { ...timings, contentShownMs, firstScreen, wholePage: [...transfers], horizontalOverflow };
    });
    visits.push(result);
  }
  load = [
    await measure("GET the event's content (all of it)", `${base}/api/v1${contentUrl}`, "", serverCpuMs),
    await measure("GET the public event", `${base}/api/v1/public/events/${slug}?lang=en`, "", serverCpuMs),
  ];
} finally {
  await browser.close();
  await app.close();
  await closeContext(context);
  rmSync(workDir, { recursive: true, force: true });
}

const [first] = visits;
if (!first) throw new Error("no visit made");
const scriptBytes = bytesOfType(first.firstScreen, "Script");
const stylesheetBytes = bytesOfType(first.firstScreen, "Stylesheet");
const apiTransfers = first.firstScreen.filter(isApi);
const visit = {
  scenario: "first visit of the public event page on a phone",
  path: `/en/${slug}`,
  content: counts,
  scriptBytes,
  stylesheetBytes,
  javascriptPlusCssBytes: scriptBytes + stylesheetBytes,
  budgetBytes,
  withinBudget: scriptBytes + stylesheetBytes <= budgetBytes,
  apiBytes: apiTransfers.reduce((sum, transfer) => sum + transfer.bytes, 0),
  apiRequests: apiTransfers.map((transfer) => new URL(transfer.url).pathname),
  imageBytesBeforeScrolling: imageBytes(first.firstScreen),
  imageBytesAfterReadingToTheEnd: imageBytes(first.wholePage),
  imageRequestsBeforeScrolling: first.firstScreen.filter((transfer) => transfer.type === "Image").length,
  imageRequestsAfterReadingToTheEnd: first.wholePage.filter((transfer) => transfer.type === "Image").length,
  horizontalOverflowAt390px: first.horizontalOverflow,
  firstContentfulPaintMs: Math.round(median(visits.map((one) => one.fcp))),
  largestContentfulPaintMs: Math.round(median(visits.map((one) => one.lcp))),
  contentShownMs: Math.round(median(visits.map((one) => one.contentShownMs))),
  setting: {
    chromium: chromiumVersion,
    viewport: phone,
    network,
    cache: "none (a fresh browser context per visit)",
    runs,
    bytes: "over the wire, headers included (CDP encodedDataLength); 1 kB = 1000 bytes; times are medians",
  },
};

const kBof = (bytes: number) => (bytes / kB).toFixed(1);
const split = (bytes: Split) =>
  Object.entries(bytes)
    .map(([kind, value]) => `${kind} ${kBof(value)} kB`)
    .join(", ") || "none";
const markdown = `# Public event page with its content: a first visit on a phone

${new Date().toISOString()} — Chromium ${chromiumVersion}, ${phone.width}×${phone.height}, ${network.latencyMs} ms round trip and ${network.downloadKbps / 1000} Mbit/s down, nothing cached, median of ${runs} visits. Content: ${Object.entries(
  counts,
)
  .map(([kind, count]) => `${count} ${kind}`)
  .join(", ")}.

| measure | value |
|---|---|
| JS kB | ${kBof(scriptBytes)} |
| CSS kB | ${kBof(stylesheetBytes)} |
| JS + CSS kB (budget ${budgetBytes / kB}) | ${kBof(visit.javascriptPlusCssBytes)} (${visit.withinBudget ? "met" : "**over**"}) |
| API kB (${visit.apiRequests.length} requests) | ${kBof(visit.apiBytes)} |
| images before scrolling (${visit.imageRequestsBeforeScrolling} requests) | ${split(visit.imageBytesBeforeScrolling)} |
| images after reading to the end (${visit.imageRequestsAfterReadingToTheEnd} requests) | ${split(visit.imageBytesAfterReadingToTheEnd)} |
| first contentful paint ms | ${visit.firstContentfulPaintMs} |
| largest contentful paint ms | ${visit.largestContentfulPaintMs} |
| content shown ms | ${visit.contentShownMs} |
| wider than the phone's screen | ${visit.horizontalOverflowAt390px ? "**yes**" : "no"} |

| API at ${load[0]?.connections ?? 10} connections | requests/s | p50 ms | p95 ms | p99 ms | non-2xx |
|---|---|---|---|---|---|
${load.map((figures) => `| ${figures.scenario} | ${figures.requestsPerSecond} | ${figures.latencyP50ms} | ${figures.latencyP95ms} | ${figures.latencyP99ms} | ${figures.non2xx} |`).join("\n")}
`;
writeResults("public", "pglite", [visit, ...load], markdown);
console.log(markdown);
if (!visit.withinBudget) console.log(`OVER BUDGET: ${kBof(visit.javascriptPlusCssBytes)} kB of JS + CSS`);
