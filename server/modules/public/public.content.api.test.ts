import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { uploadContentImage } from "../content/content.testing.js";
import { eventsUrl } from "../events/events.testing.js";
import { multipartForm, pdfBytes } from "../forms/forms.testing.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));

const bilingual = { languages: ["fr", "en"], preferredLanguage: "fr" };

const content = (slug: string, query = "", headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url: `/api/v1/public/events/${slug}/content${query}`, headers });

async function post(url: string, body: unknown, owner = tenants.owner) {
  const response = await t.request({ method: "POST", url, token: owner.token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body as { id: string };
}

const editEvent = (eventId: string, body: Record<string, unknown>, owner = tenants.owner) =>
  post(`${eventsUrl(owner.accountId)}/${eventId}`, body, owner);

/** An event of the owner with two speakers and two partners, the first of each with an image and texts in fr and en. */
async function filledEvent(overrides: Record<string, unknown> = {}, owner = tenants.owner) {
  const event = await guestEvent(t, owner, { ...bilingual, ...overrides });
  const url = scopeUrl(owner.accountId, event.id);
  const photo = await uploadContentImage(t, owner, event.id, "png");
  const logo = await uploadContentImage(t, owner, event.id, "png");
  await post(
    `${url}/speakers/create`,
    {
      name: "Ada Lovelace",
      job: "Engineer",
      company: "Analytical Engines",
      biography: { fr: "Première programmeuse.", en: "First programmer." },
      photoImageId: photo.id,
      socialUrls: { linkedin: "https://www.linkedin.com/in/ada" },
    },
    owner,
  );
  await post(`${url}/speakers/create`, { name: "Grace Hopper", biography: { fr: "Amirale." } }, owner);
  await post(
    `${url}/partners/create`,
    {
      name: "Acme",
      link: "https://acme.example",
      logoImageId: logo.id,
      width: 160,
      altText: { fr: "Logo d'Acme", en: "Acme's logo" },
    },
    owner,
  );
  await post(`${url}/partners/create`, { name: "Globex" }, owner);
  return event;
}

describe("public content (issue 21)", () => {
  it("answers the event's speakers and partners in order, in the asked language, without organizer-only fields", async () => {
    const event = await filledEvent();
    const english = await content(event.slug, "?lang=en");
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    const [ada, grace] = english.body.speakers;
    expect(ada).toEqual({
      id: expect.any(String),
      name: "Ada Lovelace",
      job: "Engineer",
      company: "Analytical Engines",
      biography: "First programmer.",
      photo: { width: 400, height: 400, url: expect.any(String), variants: expect.any(Array) },
      socialUrls: { linkedin: "https://www.linkedin.com/in/ada" },
    });
    // The resized copies a page picks from by width, WebP among them.
    expect(ada.photo.url).toMatch(/^https:\/\/events\.example\.test\/api\/v1\/images\//);
    expect(ada.photo.variants.map((variant: { name: string }) => variant.name)).toEqual(
      expect.arrayContaining(["320", "320.webp"]),
    );
    // Not written in English: the event's preferred language's text.
    expect(grace).toMatchObject({ name: "Grace Hopper", biography: "Amirale.", photo: null, socialUrls: {} });

    const [acme, globex] = english.body.partners;
    expect(acme).toEqual({
      id: expect.any(String),
      name: "Acme",
      link: "https://acme.example",
      width: 160,
      altText: "Acme's logo",
      logo: expect.objectContaining({ width: 400, height: 400 }),
    });
    // No alternate text at all: the partner's name speaks for its logo.
    expect(globex).toEqual({
      id: expect.any(String),
      name: "Globex",
      link: "",
      width: null,
      altText: "Globex",
      logo: null,
    });

    const french = await content(event.slug, "?lang=fr");
    expect(french.body.speakers[0].biography).toBe("Première programmeuse.");
    expect(french.body.partners[0].altText).toBe("Logo d'Acme");
    // Without `lang`, the visitor's Accept-Language; an unknown language reads English (SPEC §1).
    expect((await content(event.slug, "", { "accept-language": "fr-FR" })).body.speakers[0].biography).toBe(
      "Première programmeuse.",
    );
    expect((await content(event.slug, "?lang=de")).body.speakers[0].biography).toBe("First programmer.");
  });

  it("speaks only the preferred language without the multilang module", async () => {
    const event = await filledEvent();
    await editEvent(event.id, { modules: { multilang: false, ebadge: true, misc: true, singleImagePartners: false } });
    const english = await content(event.slug, "?lang=en");
    expect(english.body.speakers[0].biography).toBe("Première programmeuse.");
    expect(english.body.partners[0].altText).toBe("Logo d'Acme");
  });

  it("shows no partner list while the event shows its partners as a single image", async () => {
    const event = await filledEvent();
    await editEvent(event.id, { modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: true } });
    const answer = await content(event.slug, "?lang=en");
    expect(answer.body.partners).toEqual([]);
    expect(answer.body.partnersImage).toBeNull();
    expect(answer.body.speakers).toHaveLength(2);
    // Its one image, once the organizer gives it.
    const image = await uploadContentImage(t, tenants.owner, event.id, "png");
    await editEvent(event.id, { partnersImageId: image.id });
    const withImage = (await content(event.slug, "?lang=en")).body;
    expect(withImage.partnersImage).toEqual(expect.objectContaining({ width: 400, height: 400 }));
    expect(withImage.partners).toEqual([]);
  });

  it("answers the program of the page's language, its documents and photos; none of the last two while misc is off", async () => {
    const event = await guestEvent(t, tenants.owner, bilingual);
    const url = scopeUrl(tenants.owner.accountId, event.id);
    await post(`${url}/programs/create`, { language: "fr", title: "Ouverture", location: "Grande salle" });
    await post(`${url}/programs/create`, { language: "en", title: "Opening" });
    const upload = async (
      kind: "documents" | "photos",
      fields: Record<string, string>,
      bytes: Buffer,
      type: string,
    ) => {
      const form = multipartForm(fields, { name: kind === "photos" ? "photo.jpg" : "program.pdf", bytes, type });
      const response = await t.request({ method: "POST", url: `${url}/${kind}`, token: tenants.owner.token, ...form });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    };
    await upload("documents", { name: "Programme", fileLanguage: "fr" }, pdfBytes(), "application/pdf");
    await upload("documents", { name: "Map" }, pdfBytes(), "application/pdf");
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#369" } })
      .jpeg()
      .toBuffer();
    await upload("photos", {}, jpeg, "image/jpeg");

    const english = (await content(event.slug, "?lang=en")).body;
    expect(english.program.map((section: { title: string }) => section.title)).toEqual(["Opening"]);
    // The French document is not for an English page; one of every language is.
    expect(english.documents.map((document: { name: string }) => document.name)).toEqual(["Map"]);
    expect(english.photos).toEqual([
      expect.objectContaining({ width: 900, height: 600, variants: expect.arrayContaining([expect.anything()]) }),
    ]);
    const french = (await content(event.slug, "?lang=fr")).body;
    expect(french.program).toEqual([expect.objectContaining({ title: "Ouverture", location: "Grande salle" })]);
    expect(french.documents.map((document: { name: string }) => document.name)).toEqual(["Programme", "Map"]);

    await editEvent(event.id, { modules: { multilang: true, ebadge: true, misc: false, singleImagePartners: false } });
    const withoutMisc = (await content(event.slug, "?lang=fr")).body;
    expect(withoutMisc).toMatchObject({ documents: [], photos: [], pages: [] });
    expect(withoutMisc.program).toHaveLength(1);
  });

  it("answers 404 for an unknown or archived event", async () => {
    expect((await content("no-such-event")).status).toBe(404);
    const event = await filledEvent();
    await editEvent(event.id, { archived: true });
    const archived = await content(event.slug);
    expect(archived.status).toBe(404);
    expect(archived.body.speakers).toBeUndefined();
  });

  it("answers an event's own content only, whichever account's", async () => {
    const mine = await filledEvent();
    const theirs = await guestEvent(t, tenants.other, bilingual);
    await post(`${scopeUrl(tenants.other.accountId, theirs.id)}/speakers/create`, { name: "Other" }, tenants.other);
    expect((await content(theirs.slug)).body).toEqual({
      speakers: [expect.objectContaining({ name: "Other" })],
      partners: [],
      partnersImage: null,
      program: [],
      documents: [],
      photos: [],
      pages: [],
    });
    expect((await content(mine.slug)).body.speakers.map((s: { name: string }) => s.name)).toEqual([
      "Ada Lovelace",
      "Grace Hopper",
    ]);
  });

  it("lets caches keep the answer a minute and revalidate it with its ETag", async () => {
    const event = await filledEvent();
    const first = await content(event.slug, "?lang=en");
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await content(event.slug, "?lang=en", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    // Another language is another answer, and so is the content once changed.
    expect((await content(event.slug, "?lang=fr", { "if-none-match": etag })).status).toBe(200);
    await post(`${scopeUrl(tenants.owner.accountId, event.id)}/speakers/create`, { name: "Katherine Johnson" });
    const changed = await content(event.slug, "?lang=en", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
