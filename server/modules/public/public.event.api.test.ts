import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type SignedIn } from "../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { fonts } from "../accounts/fonts/fonts.tables.js";
import { eventsUrl } from "../events/events.testing.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { pagePath } from "./public.preview.js";

let t: TestApp;
let webDir: string;
let owner: SignedIn & { accountId: string };

// A stand-in for the built web app: the page answer is index.html with the event's tags put in.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Event platform</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), "web-"));
  await writeFile(path.join(webDir, "index.html"), indexHtml);
  t = await startTestApp({ PUBLIC_URL: "https://events.example.test" }, { webDistDir: webDir });
  owner = await registerAccount(t);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const publicEvent = (slug: string, language?: string, query = "") =>
  t.request({ method: "GET", url: `/api/v1/public/events/${slug}${query}`, language });

const gala = {
  name: 'Gala <Spring> & "friends"',
  startsAt: "2030-06-05T17:00:00.000Z",
  endsAt: "2030-06-05T22:00:00.000Z",
  timezone: "Europe/Madrid",
  venueName: "Palacio",
  address: "Calle Mayor 1, Madrid",
  country: "Spain",
  latitude: 40.4168,
  longitude: -3.7038,
  languages: ["es", "en"],
  preferredLanguage: "es",
  maxCompanions: 2,
  description: { es: "Una noche para recordar.", en: "A night to remember." },
  socialUrls: { twitter: "https://twitter.example/gala", facebook: "" },
};

describe("public event", () => {
  it("answers what a guest may see, in the asked language, without any guest data", async () => {
    const event = await guestEvent(t, owner, gala);
    await addGuest(t, owner.token, event.users, {
      firstName: "Secret",
      lastName: "Guest",
      email: "secret@example.test",
      company: "Hidden Co",
      status: "confirmed",
    });

    const english = await publicEvent(event.slug, "en");
    expect(english.status).toBe(200);
    expect(english.body).toEqual({
      slug: event.slug,
      name: gala.name,
      startsAt: gala.startsAt,
      endsAt: gala.endsAt,
      allDay: false,
      timezone: "Europe/Madrid",
      venueName: "Palacio",
      address: "Calle Mayor 1, Madrid",
      country: "Spain",
      latitude: 40.4168,
      longitude: -3.7038,
      description: "A night to remember.",
      languages: ["es", "en"],
      preferredLanguage: "es",
      socialUrls: { twitter: "https://twitter.example/gala" },
      maxCompanions: 2,
      modules: { registration: false, survey: false, contact: true, attendees: false, memberArea: true },
      whiteLabel: false,
      multilang: true,
      fonts: [],
      images: { banner: null, logo: null, favicon: null },
    });
    const serialized = JSON.stringify(english.body);
    for (const secret of ["Secret", "secret@example.test", "Hidden Co", owner.accountId, event.id]) {
      expect(serialized).not.toContain(secret);
    }

    // `lang` wins over Accept-Language; a language the event has no text in falls back to its preferred one.
    expect((await publicEvent(event.slug, "en", "?lang=es")).body.description).toBe("Una noche para recordar.");
    expect((await publicEvent(event.slug, "fr")).body.description).toBe("Una noche para recordar.");
    // Any other language reads English.
    expect((await publicEvent(event.slug, "es", "?lang=de")).body.description).toBe("A night to remember.");
  });

  it("lists the account's active fonts for the page's type, not its inactive ones nor another account's", async () => {
    const other = await registerAccount(t);
    const addFont = (accountId: string, fields: Partial<typeof fonts.$inferInsert>) =>
      t.context.db
        .insert(fonts)
        .values({ accountId, name: "Brand", storageKey: `fonts/${randomUUID()}.woff2`, size: 1, ...fields })
        .returning()
        .then(([row]) => row);
    const regular = await addFont(owner.accountId, { familyName: "Brand Sans", alternateFont: "Verdana" });
    const bold = await addFont(owner.accountId, { familyName: "Brand Sans", type: "bold" });
    await addFont(owner.accountId, { familyName: "Brand Sans", type: "italic", active: false });
    // An upload no font names yet is not a font.
    await addFont(owner.accountId, { familyName: "Unnamed", name: null });
    await addFont(other.accountId, { familyName: "Other Serif", alternateFont: "Georgia" });
    const event = await guestEvent(t, owner);

    const answer = await publicEvent(event.slug);
    expect(answer.body.fonts).toEqual([
      {
        family: "Brand Sans",
        type: "regular",
        url: `https://events.example.test/api/v1/fonts/${regular?.fileKey}.woff2`,
        alternateFont: "Verdana",
      },
      {
        family: "Brand Sans",
        type: "bold",
        url: `https://events.example.test/api/v1/fonts/${bold?.fileKey}.woff2`,
        alternateFont: "Arial",
      },
    ]);
  });

  it("answers 404 for an unknown or archived event, in the caller's language", async () => {
    const unknown = await publicEvent("no-such-event", "fr");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "NOT_FOUND", message: "Introuvable." });

    const event = await guestEvent(t, owner);
    expect((await publicEvent(event.slug)).status).toBe(200);
    const archive = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
      body: { archived: true },
    });
    expect(archive.status).toBe(200);
    expect((await publicEvent(event.slug)).status).toBe(404);
  });

  it("reports the attendees module as the organizer set it", async () => {
    const event = await guestEvent(t, owner, { attendeesListPublic: true });
    expect((await publicEvent(event.slug)).body.modules.attendees).toBe(true);
    const edited = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
      body: { attendeesListPublic: false },
    });
    expect(edited.body.attendeesListPublic).toBe(false);
    expect((await publicEvent(event.slug)).body.modules.attendees).toBe(false);
  });

  it("reports the event's white label and, without the multilang module, speaks only its preferred language", async () => {
    const event = await guestEvent(t, owner, gala);
    const edited = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
      body: {
        whiteLabel: { event: true, mails: false, campaigns: false },
        modules: { multilang: false, ebadge: true, misc: true, singleImagePartners: false },
      },
    });
    expect(edited.status).toBe(200);
    const english = await publicEvent(event.slug, "en");
    expect(english.body).toMatchObject({
      whiteLabel: true,
      multilang: false,
      languages: ["es"],
      preferredLanguage: "es",
      description: "Una noche para recordar.",
    });
    // The link preview of a page in another language speaks the preferred one too.
    const preview = String((await t.request({ method: "GET", url: `/fr/${event.slug}` })).body);
    expect(preview).toContain('<html lang="es"');
    expect(preview).toContain("Una noche para recordar.");
  });
});

describe("link previews", () => {
  const page = (url: string, language?: string) => t.request({ method: "GET", url, language });

  it("puts the event's title, description, Open Graph and Twitter tags in the page, escaped", async () => {
    const event = await guestEvent(t, owner, gala);
    const response = await page(`/es/${event.slug}`);
    expect(response.status).toBe(200);
    const html = String(response.body);
    const name = "Gala &lt;Spring&gt; &amp; &quot;friends&quot;";
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).not.toContain("<title>Event platform</title>");
    expect(html).toContain('<meta name="description" content="Una noche para recordar." />');
    expect(html).toContain(`<meta property="og:title" content="${name}" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(`<meta property="og:url" content="https://events.example.test/es/${event.slug}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain("<Spring>");

    // Without a language in the path, the browser's; a language other than fr/es reads English.
    expect(String((await page(`/${event.slug}`, "en-GB")).body)).toContain("A night to remember.");
    const german = String((await page(`/de/${event.slug}`, "es")).body);
    expect(german).toContain('<html lang="en"');
    expect(german).toContain("A night to remember.");

    // Member area links carry a single-use token: it never goes into og:url.
    const member = String((await page(`/en/${event.slug}/member?token=secret-token`)).body);
    expect(member).toContain(`content="https://events.example.test/en/${event.slug}/member"`);
    expect(member).not.toContain("secret-token");
  });

  it("leaves the sign-in entry pages and unknown events with the app's own title", async () => {
    const event = await guestEvent(t, owner, gala);
    for (const url of [`/${event.slug}/admin`, `/fr/${event.slug}/admin`, "/fr/admin", "/no-such-event"]) {
      expect(String((await page(url)).body), url).toContain("<title>Event platform</title>");
    }
  });

  it("describes an event without description by its date and venue", async () => {
    const event = await guestEvent(t, owner, { ...gala, description: {} });
    const html = String((await page(`/en/${event.slug}`)).body);
    expect(html).toContain('content="Wednesday, June 5, 2030 at 7:00 PM · Palacio · Calle Mayor 1, Madrid"');
  });
});

describe("page paths", () => {
  it("reads a two-letter first segment as a language and keeps admin paths out", () => {
    const event = (slug: string, language: string | null) => ({ kind: "event", slug, language });
    expect(pagePath("/fr/summer-gala")).toEqual(event("summer-gala", "fr"));
    expect(pagePath("/summer-gala/member?token=x")).toEqual(event("summer-gala", null));
    expect(pagePath("/fr/summer-gala/register")).toEqual(event("summer-gala", "fr"));
    expect(pagePath("/fr/summer-gala/pages/practical-information")).toEqual(event("summer-gala", "fr"));
    expect(pagePath("/it/summer-gala")).toEqual(event("summer-gala", "en"));
    for (const url of ["/summer-gala/admin", "/es/summer-gala/admin/", "/es/admin/events", "/admin", "/"]) {
      expect(pagePath(url), url).toEqual({ kind: "app" });
    }
  });

  it("sets the JSON routes' namespaces apart from pages, and paths no page can have", () => {
    for (const url of [
      "/api",
      "/api/v1/nothing",
      "/gala/admin/invits/get",
      "/gala/recommendations/x",
      "/en/gala/forms/x",
    ]) {
      expect(pagePath(url), url).toEqual({ kind: "api" });
    }
    // Below an event, only its pages (contract/events.ts publicEventPages), one level deep.
    for (const url of [
      "/es",
      "/de",
      "/Gala",
      "/dev/anything",
      "/fr/assets",
      "/gala/nope",
      "/fr/gala/member/x",
      "/gala/pages",
      "/gala/pages/a/b",
    ]) {
      expect(pagePath(url), url).toEqual({ kind: "none" });
    }
  });
});
