import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { events } from "../events/events.tables.js";
import { eventsUrl } from "../events/events.testing.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { publicMenu } from "./custom-pages.service.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const bilingual = { languages: ["fr", "en"], preferredLanguage: "fr" };
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, bilingual, [tenants.reader.userId]));
const pagesUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/custompages`;

const post = (url: string, body: unknown, token = tenants.owner.token) =>
  t.request({ method: "POST", url, token, body });
const get = (url: string, token = tenants.owner.token) => t.request({ method: "GET", url, token });
const publicPage = (slug: string, pageSlug: string, lang: string) =>
  t.request({ method: "GET", url: `/api/v1/public/events/${slug}/pages/${pageSlug}?lang=${lang}` });

const version = (title: string, slug: string, extra: Record<string, unknown> = {}) => ({
  title,
  slug,
  body: `<p>${title}</p>`,
  ...extra,
});

async function createPage(versions: Record<string, unknown>, eventId = event.id) {
  const response = await post(`${pagesUrl(eventId)}/create`, { versions });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; position: number; versions: Record<string, Record<string, unknown>> };
}

const setModules = (eventId: string, modules: Record<string, boolean>) =>
  post(`${eventsUrl(tenants.owner.accountId)}/${eventId}`, {
    modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: false, ...modules },
  });

async function eventRow(id: string) {
  const [row] = await t.context.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error("event missing");
  return row;
}

describe("custom pages (SPEC §3 Page, §7 custompages)", () => {
  it("creates a page in two languages, reads, saves and lists it in menu order; each change is audited", async () => {
    const place = await guestEvent(t, tenants.owner, bilingual);
    const info = await createPage(
      {
        fr: version("Infos pratiques", "infos", { menuTitle: "Infos" }),
        en: version("Practical information", "practical-information", { inMenu: false }),
      },
      place.id,
    );
    const faq = await createPage({ en: version("Questions", "faq") }, place.id);
    expect([info.position, faq.position]).toEqual([0, 1]);
    expect(info.versions).toEqual({
      fr: { title: "Infos pratiques", slug: "infos", menuTitle: "Infos", inMenu: true, body: "<p>Infos pratiques</p>" },
      en: {
        title: "Practical information",
        slug: "practical-information",
        // Left empty, the menu title is the title.
        menuTitle: "Practical information",
        inMenu: false,
        body: "<p>Practical information</p>",
      },
    });

    // A save sends every version: the French one left out is gone.
    const saved = await post(`${pagesUrl(place.id)}/${info.id}`, {
      versions: { en: version("Getting there", "getting-there") },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Object.keys(saved.body.versions)).toEqual(["en"]);
    const read = await get(`${pagesUrl(place.id)}/${info.id}`);
    expect(read.body.versions.en).toMatchObject({ title: "Getting there", inMenu: true });

    const list = await get(pagesUrl(place.id));
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((page: { versions: { en: { slug: string } } }) => page.versions.en.slug)).toEqual([
      "getting-there",
      "faq",
    ]);

    const reordered = await post(`${pagesUrl(place.id)}/reorder`, { ids: [faq.id, info.id] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const stale = await post(`${pagesUrl(place.id)}/reorder`, { ids: [faq.id] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CUSTOM_PAGES_NOT_REORDERED");

    const removed = await t.request({
      method: "DELETE",
      url: `${pagesUrl(place.id)}/${faq.id}`,
      token: tenants.owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await get(`${pagesUrl(place.id)}/${faq.id}`)).status).toBe(404);
    expect((await get(pagesUrl(place.id))).body.items.map((page: { position: number }) => page.position)).toEqual([0]);

    const audit = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, place.id), like(auditLogs.action, "content.%")));
    expect(audit.map((row) => row.action).sort()).toEqual([
      "content.custom_page.created",
      "content.custom_page.created",
      "content.custom_page.deleted",
      "content.custom_page.reordered",
      "content.custom_page.updated",
    ]);
  });

  it("keeps only the editor's HTML: scripts, event handlers, javascript: links, styles and frames are dropped", async () => {
    const body = [
      '<h2 onclick="steal()">Welcome</h2><script>alert(1)</script>',
      '<p style="color:red">Come <strong>early</strong>, <em>really</em> <u>early</u> <s>late</s>.</p>',
      '<p><a href="javascript:alert(1)">trap</a> <a href="https://example.test/map" target="_blank">map</a>',
      ' <a href="mailto:team@example.test">mail</a></p>',
      '<style>body{display:none}</style><iframe src="https://evil.test"></iframe>',
      '<img src="https://example.test/a.png" alt="Venue" onerror="steal()"><img src="javascript:alert(1)" alt="x">',
      "<ul><li>One</li></ul><blockquote>Quote</blockquote><hr><br>",
    ].join("");
    const page = await createPage({ en: version("Clean", "clean", { body }) });
    expect(page.versions.en?.body).toBe(
      "<h2>Welcome</h2>" +
        "<p>Come <strong>early</strong>, <em>really</em> <u>early</u> <s>late</s>.</p>" +
        '<p><a rel="noopener noreferrer">trap</a> ' +
        '<a href="https://example.test/map" target="_blank" rel="noopener noreferrer">map</a> ' +
        '<a href="mailto:team@example.test" rel="noopener noreferrer">mail</a></p>' +
        '<img src="https://example.test/a.png" alt="Venue" />' +
        "<ul><li>One</li></ul><blockquote>Quote</blockquote><hr /><br />",
    );
  });

  it("refuses a bad or reserved slug, one another page has in the language, a language not the event's, NUL", async () => {
    await createPage({ fr: version("Accès", "acces"), en: version("Access", "access") });
    const create = (versions: Record<string, unknown>) => post(`${pagesUrl()}/create`, { versions });

    for (const slug of ["Upper", "two words", "-dash", "dash-", "a".repeat(81), "é"]) {
      const refused = await create({ en: version("Bad", slug) });
      expect(refused.status, slug).toBe(400);
      expect(refused.body.error.fields).toEqual({
        "versions.en.slug":
          "The page's URL must have 1 to 80 characters: lowercase letters, digits and dashes between them.",
      });
    }
    const reserved = await create({ en: version("Shop", "shop") });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.fields["versions.en.slug"]).toBe(
      "This URL is one of the event's own pages. Please choose another one.",
    );

    const taken = await t.request({
      method: "POST",
      url: `${pagesUrl()}/create`,
      token: tenants.owner.token,
      body: { versions: { en: version("Again", "access") } },
      headers: { "accept-language": "fr" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: "CUSTOM_PAGE_URL_TAKEN",
      message: "Une autre page de l'événement a déjà cette URL dans cette langue.",
      fields: { "versions.en.slug": "Une autre page de l'événement a déjà cette URL dans cette langue." },
    });
    // A language left blank (the editor's empty paragraph counts as blank) is no page, not a page without a title.
    const blank = { title: "", slug: "", menuTitle: "", inMenu: true, body: "<p></p>" };
    const englishOnly = await createPage({ fr: blank, en: version("English only", "english-only") });
    expect(Object.keys(englishOnly.versions)).toEqual(["en"]);
    // The same slug in another language is another address.
    await createPage({ en: version("Acces", "acces") });

    const spanish = await create({ es: version("Acceso", "acceso") });
    expect(spanish.status).toBe(400);
    expect(spanish.body.error.fields).toEqual({ "versions.es": "This language is not one of the event's languages." });
    const none = await create({});
    expect(none.status).toBe(400);
    const untitled = await create({ en: version("", "untitled") });
    expect(Object.keys(untitled.body.error.fields)).toEqual(["versions.en.title"]);
    const nul = await create({ en: version("Nul", "nul", { body: "<p>a\u0000b</p>" }) });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("TEXT_NUL_CHARACTER");
  });

  it("a page keeps its own slug when saved", async () => {
    const page = await createPage({ en: version("Mine", "mine") });
    const saved = await post(`${pagesUrl()}/${page.id}`, { versions: { en: version("Mine again", "mine") } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("with the misc module off, nothing changes and the public side shows no page", async () => {
    const place = await guestEvent(t, tenants.owner, bilingual);
    const page = await createPage({ en: version("Hidden", "hidden") }, place.id);
    await setModules(place.id, { misc: false });
    const refused = [
      await post(`${pagesUrl(place.id)}/create`, { versions: { en: version("New", "new") } }),
      await post(`${pagesUrl(place.id)}/${page.id}`, { versions: { en: version("Hidden", "hidden") } }),
      await post(`${pagesUrl(place.id)}/reorder`, { ids: [page.id] }),
      await t.request({ method: "DELETE", url: `${pagesUrl(place.id)}/${page.id}`, token: tenants.owner.token }),
    ];
    expect(refused.map((response) => [response.status, response.body.error?.code])).toEqual(
      Array(4).fill([409, "MISC_MODULE_OFF"]),
    );
    expect((await get(pagesUrl(place.id))).body.total).toBe(1);
    expect((await publicPage(place.slug, "hidden", "en")).status).toBe(404);
    expect(await publicMenu(t.context.db, await eventRow(place.id), "en")).toEqual([]);
  });

  it("answers a page publicly in its language only, and the menu lists the shown pages in order", async () => {
    const place = await guestEvent(t, tenants.owner, bilingual);
    await createPage(
      {
        fr: version("Infos pratiques", "infos", { menuTitle: "Infos", body: "<p>Bienvenue</p><script>x</script>" }),
        en: version("Practical information", "practical"),
      },
      place.id,
    );
    await createPage({ fr: version("Coulisses", "coulisses", { inMenu: false }) }, place.id);
    await createPage({ fr: version("Plan", "plan"), en: version("Map", "map") }, place.id);

    const french = await publicPage(place.slug, "infos", "fr");
    expect(french.status, JSON.stringify(french.body)).toBe(200);
    expect(french.body).toEqual({
      language: "fr",
      title: "Infos pratiques",
      slug: "infos",
      body: "<p>Bienvenue</p>",
      otherVersions: [{ language: "en", slug: "practical" }],
    });
    // Out of the menu, a page still opens by its address.
    expect((await publicPage(place.slug, "coulisses", "fr")).status).toBe(200);
    for (const [slug, lang] of [
      ["infos", "en"],
      ["coulisses", "en"],
      ["nowhere", "fr"],
    ] as const) {
      expect((await publicPage(place.slug, slug, lang)).status, `${slug} ${lang}`).toBe(404);
    }

    const row = await eventRow(place.id);
    expect(await publicMenu(t.context.db, row, "fr")).toEqual([
      { title: "Infos", slug: "infos" },
      { title: "Plan", slug: "plan" },
    ]);
    expect(await publicMenu(t.context.db, row, "en")).toEqual([
      { title: "Practical information", slug: "practical" },
      { title: "Map", slug: "map" },
    ]);

    // Without the multilang module the event speaks its preferred language, whatever the page asks.
    await setModules(place.id, { multilang: false });
    const single = await publicPage(place.slug, "infos", "en");
    expect(single.body).toMatchObject({ language: "fr", title: "Infos pratiques", otherVersions: [] });
    // An archived event is no longer public.
    await post(`${eventsUrl(tenants.owner.accountId)}/${place.id}`, { archived: true });
    expect((await publicPage(place.slug, "infos", "fr")).status).toBe(404);
  });

  it("a reader lists and reads but changes nothing; another account gets 404 everywhere", async () => {
    const page = await createPage({ en: version("Visible", "visible") });
    const reader = tenants.reader.token;
    expect((await get(pagesUrl(), reader)).status).toBe(200);
    expect((await get(`${pagesUrl()}/${page.id}`, reader)).status).toBe(200);
    const body = { versions: { en: version("Reader", "reader") } };
    const readerChanges = [
      await post(`${pagesUrl()}/create`, body, reader),
      await post(`${pagesUrl()}/${page.id}`, body, reader),
      await post(`${pagesUrl()}/reorder`, { ids: [page.id] }, reader),
      await t.request({ method: "DELETE", url: `${pagesUrl()}/${page.id}`, token: reader }),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);

    const other = tenants.other.token;
    const asOther = [
      await get(pagesUrl(), other),
      await get(`${pagesUrl()}/${page.id}`, other),
      await post(`${pagesUrl()}/create`, body, other),
      await post(`${pagesUrl()}/${page.id}`, body, other),
      await post(`${pagesUrl()}/reorder`, { ids: [page.id] }, other),
      await t.request({ method: "DELETE", url: `${pagesUrl()}/${page.id}`, token: other }),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const ownPath = `${scopeUrl(tenants.other.accountId, event.id)}/custompages`;
    expect((await get(ownPath, other)).status).toBe(404);
  });
});
