import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { events } from "../events/events.tables.js";
import { eventColumnsWithStatus } from "../events/events.visibility.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { openEmbeddableFace, renderBadgesPdf, sampleGuest } from "./ebadge-pdf.js";
import { ebadges } from "./ebadges.tables.js";
import { ebadgesUrl, insertFont, openSansWoff2, pdfOf, uploadImage } from "./ebadges.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, { name: "Printed Gala" }));
const url = () => ebadgesUrl(tenants.owner.accountId, event.id);
const send = (method: "GET" | "POST", path: string, body?: unknown) =>
  t.request({ method, url: path, token: tenants.owner.token, body, language: "fr" });

const statuses = (list: string[]) => ({ statuses: list, ticketIds: [], categoryIds: [], customFields: [] });

describe("e-badges: PDFs", () => {
  it("prints a guest's badge in the account's font, and the batch of confirmed guests as one PDF", async () => {
    const font = await insertFont(t, tenants.owner.accountId);
    const background = await uploadImage(t, tenants.owner, event.id, "ebadge");
    const created = await send("POST", url(), {
      name: "Visitor",
      backgroundImageId: background,
      rotation: 0,
      blocks: [
        { id: "title", kind: "text", text: { en: "Welcome", fr: "Bienvenue" }, x: 10, y: 10, width: 190, height: 15 },
        {
          id: "name",
          kind: "field",
          field: "lastName",
          fontId: font.id,
          fontSize: 30,
          x: 10,
          y: 40,
          width: 190,
          height: 20,
        },
        { id: "tilted", kind: "field", field: "firstName", rotation: 90, x: 150, y: 100, width: 60, height: 20 },
        { id: "date", kind: "date", x: 10, y: 70, width: 190, height: 10 },
        { id: "where", kind: "location", x: 10, y: 85, width: 190, height: 10 },
        { id: "qr", kind: "qr", x: 70, y: 150, width: 70, height: 70 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const guests = [];
    for (const [lastName, status] of [
      ["Lovelace", "confirmed"],
      ["Hopper", "confirmed"],
      ["Turing", "refused"],
    ]) {
      guests.push(await addGuest(t, tenants.owner.token, event.users, { firstName: "Ada", lastName, status }));
    }
    await send("POST", `${url()}/conditions`, {
      rules: [{ ebadgeId: created.body.id, conditions: statuses(["confirmed"]) }],
    });

    const one = await pdfOf(t, `${url()}/${created.body.id}/pdf?guestId=${guests[0]?.id}`, tenants.owner.token);
    expect(one.status).toBe(200);
    const document = await PDFDocument.load(one.bytes);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    // The account's WOFF2 face is embedded (subset) under its PostScript name.
    expect(one.bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+OpenSans/);

    expect((await pdfOf(t, `${url()}/guests/${guests[0]?.id}`, tenants.owner.token)).status).toBe(200);
    const none = await pdfOf(t, `${url()}/guests/${guests[2]?.id}`, tenants.owner.token);
    expect(none.status).toBe(404);

    const batch = await send("POST", `${url()}/batches`, {});
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    expect(batch.body.total).toBe(2);
    let progress = batch.body;
    for (let waited = 0; waited < 60_000 && progress.status !== "done" && progress.status !== "failed"; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      progress = (await send("GET", `${url()}/batches/${batch.body.id}`)).body;
    }
    expect(progress).toMatchObject({ status: "done", done: 2, total: 2 });
    const file = await pdfOf(t, `${url()}/batches/${batch.body.id}/file`, tenants.owner.token);
    expect(file.status).toBe(200);
    expect((await PDFDocument.load(file.bytes)).getPageCount()).toBe(2);
  });

  it("prints accented names in the account's font (and a character the font lacks) without failing the badge", async () => {
    // A font stored before faces were decoded at upload: its TrueType face is decoded from the WOFF2 when first drawn.
    const font = await insertFont(t, tenants.owner.accountId);
    const created = await send("POST", url(), {
      name: "Accents",
      blocks: [
        {
          id: "first",
          kind: "field",
          field: "firstName",
          fontId: font.id,
          fontSize: 28,
          x: 10,
          y: 10,
          width: 190,
          height: 20,
        },
        {
          id: "last",
          kind: "field",
          field: "lastName",
          fontId: font.id,
          fontSize: 28,
          x: 10,
          y: 40,
          width: 190,
          height: 20,
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const guest = await addGuest(t, tenants.owner.token, event.users, {
      firstName: "Élodie José Françoise",
      lastName: "Müller Núñez Straße Œuvre 漢",
      status: "confirmed",
    });
    const one = await pdfOf(t, `${url()}/${created.body.id}/pdf?guestId=${guest.id}`, tenants.owner.token);
    expect(one.status, one.status === 200 ? "" : JSON.stringify(one.json())).toBe(200);
    expect(one.bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+OpenSans/);
  });

  it("draws a text its face cannot embed in the alternate font's standard PDF font rather than failing", async () => {
    const font = await insertFont(t, tenants.owner.accountId);
    const created = await send("POST", url(), {
      name: "Fallback",
      blocks: [{ id: "last", kind: "field", field: "lastName", fontId: font.id, x: 10, y: 40, width: 190, height: 20 }],
    });
    const [ebadge] = await t.context.db.select().from(ebadges).where(eq(ebadges.id, created.body.id));
    const [eventRow] = await t.context.db.select(eventColumnsWithStatus).from(events).where(eq(events.id, event.id));
    if (!ebadge || !eventRow) throw new Error("e-badge or event not stored");
    // The WOFF2 itself, as pdfkit embedded it before: fontkit's subsetter throws on its composite glyphs (ü, …).
    const sources = {
      event: eventRow,
      secret: "test",
      fields: new Map(),
      images: new Map(),
      fonts: new Map([[font.id, { embeddable: openEmbeddableFace(openSansWoff2()), standardFont: "Times-Roman" }]]),
    };
    const guest = { ...sampleGuest(), lastName: "Müller" };
    const pdf = await renderBadgesPdf(sources, [{ ebadge, guest }]);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(pdf.toString("latin1")).toContain("/BaseFont /Times-Roman");
  });
});
