import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { createEvent, eventsUrl, uniqueSlug } from "../events/events.testing.js";
import { eventDomainPath } from "./public.domains.js";

// A stand-in for the built web app: the page answer is index.html with the event's tags put in.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Event platform</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), "web-"));
  await writeFile(path.join(webDir, "index.html"), indexHtml);
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

/** An app serving the stand-in web app; `trustProxy` "" trusts no proxy (the default of a real server). */
async function startApp(trustProxy = "loopback") {
  const t = await startTestApp(
    { PUBLIC_URL: "https://events.example.test", TRUST_PROXY: trustProxy },
    { webDistDir: webDir },
  );
  const owner = await registerAccount(t);
  const domain = `${uniqueSlug("gala")}.example.com`;
  const event = await createEvent(t, owner.token, owner.accountId, {
    name: "Summer gala",
    description: { en: "A night to remember.", fr: "Une nuit mémorable." },
    customDomains: [domain],
  });
  return { t, owner, domain, event };
}

const page = (t: TestApp, url: string, headers: Record<string, string>) => t.request({ method: "GET", url, headers });

describe("an event's custom domain", () => {
  let site: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    site = await startApp();
  });
  afterAll(async () => {
    await site.t.close();
  });
  const onDomain = (url: string, headers: Record<string, string> = {}) =>
    page(site.t, url, { host: site.domain, "accept-language": "en", ...headers });

  it("answers the event's public page at the root, with its link preview and the event named for the app", async () => {
    const response = await onDomain("/");
    expect(response.status).toBe(200);
    const html = String(response.body);
    expect(html).toContain(`data-event-slug="${site.event.slug}"`);
    expect(html).toContain(`data-account-id="${site.owner.accountId}"`);
    expect(html).toContain("<title>Summer gala</title>");
    expect(html).toContain('<meta property="og:description" content="A night to remember." />');
    // The page's address is the one asked, on the event's domain, not the platform's.
    expect(html).toContain(`<meta property="og:url" content="http://${site.domain}/" />`);

    // The same host, however a browser or a proxy spells it.
    const spelled = await onDomain("/", { host: `${site.domain.toUpperCase()}.:443` });
    expect(String(spelled.body)).toContain("<title>Summer gala</title>");
  });

  it("answers the event's pages below the root, with or without a language", async () => {
    for (const url of ["/register", "/member?token=secret", "/fr", "/fr/register", "/de/shop"]) {
      const response = await onDomain(url);
      expect(response.status, url).toBe(200);
      expect(String(response.body), url).toContain("<title>Summer gala</title>");
    }
    const french = String((await onDomain("/fr/register")).body);
    expect(french).toContain('<html lang="fr"');
    expect(french).toContain("Une nuit mémorable.");
    expect(french).toContain(`content="http://${site.domain}/fr/register"`);
    expect(String((await onDomain("/member?token=secret")).body)).not.toContain("secret");
  });

  it("answers 404 where the event has no page, and keeps the API and the back office", async () => {
    for (const url of ["/nope", "/fr/nope", "/register/more", `/${site.event.slug}`, "/no-such-page"]) {
      const response = await onDomain(url);
      expect(response.status, url).toBe(404);
      expect(String(response.body), url).toContain("<title>Event platform</title>");
    }
    const api = await onDomain("/api/v1/nothing");
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("NOT_FOUND");
    const publicEvent = await onDomain(`/api/v1/public/events/${site.event.slug}`);
    expect(publicEvent.status).toBe(200);
    for (const url of ["/admin", "/fr/admin/events"]) {
      const response = await onDomain(url);
      expect(response.status, url).toBe(200);
      expect(String(response.body), url).toContain("<title>Event platform</title>");
    }
  });

  it("answers 404 once the event is archived, and nothing of it once the domain is taken off", async () => {
    const { t, owner } = site;
    const domain = `${uniqueSlug("spring")}.example.com`;
    const event = await createEvent(t, owner.token, owner.accountId, { customDomains: [domain] });
    const url = `${eventsUrl(owner.accountId)}/${event.id}`;
    await t.request({ method: "POST", url, token: owner.token, body: { archived: true } });
    expect((await page(t, "/", { host: domain })).status).toBe(404);

    await t.request({ method: "POST", url, token: owner.token, body: { archived: false } });
    expect((await page(t, "/", { host: domain })).status).toBe(200);
    await t.request({ method: "POST", url, token: owner.token, body: { customDomains: [] } });
    const freed = String((await page(t, "/", { host: domain })).body);
    expect(freed).not.toContain("data-event-slug");
    expect(freed).toContain("<title>Event platform</title>");
  });

  it("leaves any other host as it was: the platform's pages", async () => {
    for (const host of ["events.example.test", "unknown.example.org"]) {
      const root = String((await page(site.t, "/", { host })).body);
      expect(root, host).toContain('data-account-id=""');
      expect(root, host).not.toContain("data-event-slug");
      expect(root, host).toContain("<title>Event platform</title>");
      const event = await page(site.t, `/fr/${site.event.slug}`, { host });
      expect(event.status, host).toBe(200);
      expect(String(event.body), host).toContain(
        `<meta property="og:url" content="https://events.example.test/fr/${site.event.slug}" />`,
      );
      expect((await page(site.t, "/register", { host })).status, host).toBe(404);
    }
  });

  it("reads X-Forwarded-Host from a trusted proxy", async () => {
    const forwarded = await page(site.t, "/", { host: "10.0.0.5:3000", "x-forwarded-host": site.domain });
    expect(String(forwarded.body)).toContain(`data-event-slug="${site.event.slug}"`);
  });
});

describe("X-Forwarded-Host without a trusted proxy", () => {
  it("is ignored: the Host header names the site", async () => {
    const { t, domain, event } = await startApp("");
    try {
      const forged = String((await page(t, "/", { host: "events.example.test", "x-forwarded-host": domain })).body);
      expect(forged).not.toContain("data-event-slug");
      expect(forged).toContain("<title>Event platform</title>");
      const direct = String((await page(t, "/", { host: domain })).body);
      expect(direct).toContain(`data-event-slug="${event.slug}"`);
    } finally {
      await t.close();
    }
  });
});

describe("an account's default domain", () => {
  it("answers the account's events' pages under /{event} and no other account's, with the account named", async () => {
    const { t, owner, event } = await startApp();
    try {
      const accountDomain = `${uniqueSlug("acme")}.example.net`;
      await t.context.db.update(accounts).set({ defaultDomain: accountDomain }).where(eq(accounts.id, owner.accountId));
      const stranger = await registerAccount(t);
      const theirs = await createEvent(t, stranger.token, stranger.accountId);

      const own = await page(t, `/en/${event.slug}`, { host: accountDomain });
      expect(own.status).toBe(200);
      expect(String(own.body)).toContain(`content="http://${accountDomain}/en/${event.slug}"`);
      expect(String(own.body)).toContain(`data-account-id="${owner.accountId}"`);
      expect(String(own.body)).not.toContain("data-event-slug");
      const other = await page(t, `/en/${theirs.slug}`, { host: accountDomain });
      expect(other.status).toBe(404);
      expect(String(other.body)).toContain("<title>Event platform</title>");
      // The root stays the account's back office.
      expect((await page(t, "/", { host: accountDomain })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("paths on an event's domain", () => {
  it("puts the event after the language, and leaves the API, the back office and the check-in app", () => {
    expect(eventDomainPath("/", "gala")).toBe("/gala");
    expect(eventDomainPath("/register?form=1#top", "gala")).toBe("/gala/register?form=1#top");
    expect(eventDomainPath("/fr", "gala")).toBe("/fr/gala");
    expect(eventDomainPath("/fr/member?token=x", "gala")).toBe("/fr/gala/member?token=x");
    for (const url of ["/api/v1/public/events/gala", "/admin", "/es/admin/events", "/checkin/scan", "/fr/checkin"]) {
      expect(eventDomainPath(url, "gala"), url).toBe(url);
    }
  });
});
