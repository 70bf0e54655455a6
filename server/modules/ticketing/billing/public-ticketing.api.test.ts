import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storedFiles } from "../../../platform/files.tables.js";
import { registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { events } from "../../events/events.tables.js";
import { multipartForm, pdfBytes, pngBytes } from "../../forms/forms.testing.js";
import { billingEvent, posted } from "./billing.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));

const newEvent = () =>
  billingEvent(t, tenants.owner, { languages: ["fr", "en", "es"], preferredLanguage: "fr" }, [tenants.reader.userId]);
const upload = (
  url: string,
  file: { name: string; bytes: Buffer; type?: string } | undefined,
  token = tenants.owner.token,
) => {
  const { body, headers } = multipartForm({}, file);
  return t.app.inject({
    method: "POST",
    url,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};
const termsFiles = (eventId: string) =>
  t.context.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, eventId), eq(storedFiles.purpose, "ticketing.terms")));

describe("terms of sale", () => {
  it("stores a PDF, serves it to the organizer and to buyers, and replaces it", async () => {
    const event = await newEvent();
    const first = await upload(event.terms, { name: "CGV 2026.pdf", bytes: pdfBytes(2_000) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: "CGV 2026.pdf", size: 2_009 });
    const params = await t.request({ method: "GET", url: event.params, token: tenants.owner.token });
    expect(params.body.terms).toMatchObject({ name: "CGV 2026.pdf", size: 2_009 });

    const own = await t.request({ method: "GET", url: event.terms, token: tenants.reader.token });
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.body.startsWith("%PDF-")).toBe(true);
    const bought = await t.request({ method: "GET", url: `${event.public}/terms` });
    expect(bought.status).toBe(200);
    expect(bought.headers["content-disposition"]).toContain("CGV%202026.pdf");
    expect((await t.request({ method: "GET", url: event.public })).body.termsUrl).toBe(`${event.public}/terms`);

    await upload(event.terms, { name: "CGV 2027.pdf", bytes: pdfBytes(500) });
    const files = await termsFiles(event.id);
    expect(files.map((file) => file.name)).toEqual(["CGV 2027.pdf"]);
    const audits = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, event.id));
    expect(audits.filter((row) => row.action === "ticketing.terms.uploaded")).toHaveLength(2);
  });

  it("takes only a PDF (read from its bytes) of at most 15 MB", async () => {
    const event = await newEvent();
    const png = await upload(event.terms, { name: "terms.pdf", bytes: pngBytes() });
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe("The type uploaded is not accepted.");
    const big = await upload(event.terms, { name: "big.pdf", bytes: pdfBytes(15 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe("The file uploaded is too big.");
    const none = await upload(event.terms, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ file: "This field is required." });
    expect(await termsFiles(event.id)).toHaveLength(0);
    expect((await t.request({ method: "GET", url: `${event.public}/terms` })).status).toBe(404);
  });

  it("is uploaded by writers only, and hidden from another account", async () => {
    const event = await newEvent();
    const pdf = { name: "terms.pdf", bytes: pdfBytes() };
    expect((await upload(event.terms, pdf, tenants.reader.token)).statusCode).toBe(403);
    expect((await upload(event.terms, pdf, tenants.other.token)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: event.terms, token: tenants.other.token })).status).toBe(404);
    expect(await termsFiles(event.id)).toHaveLength(0);
  });
});

describe("public ticketing", () => {
  it("tells buyers the office state and how to pay, in their language, and nothing private", async () => {
    const event = await newEvent();
    await posted(t, tenants.owner.token, event.params, {
      currency: "CHF",
      otherPaymentMethods: {
        bankTransfer: { enabled: true, instructions: { fr: "Virement sur FR76…", en: "Transfer to FR76…" } },
        cheque: { enabled: false, instructions: { fr: "Chèque à l'ordre d'Acme" } },
      },
    });
    const english = await t.request({ method: "GET", url: `${event.public}?lang=en` });
    expect(english.status).toBe(200);
    expect(english.headers["cache-control"]).toBe("no-store");
    expect(english.body).toEqual({
      state: "closed",
      currency: "CHF",
      paymentMode: "test",
      reservationMinutes: 15,
      salesStartAt: null,
      salesEndAt: null,
      otherPaymentMethods: [{ kind: "bankTransfer", instructions: "Transfer to FR76…" }],
      termsUrl: null,
    });
    // Spanish was not written: the event's own language stands in.
    const spanish = await t.request({ method: "GET", url: event.public, language: "es" });
    expect(spanish.body.otherPaymentMethods).toEqual([{ kind: "bankTransfer", instructions: "Virement sur FR76…" }]);
  });

  it("does not exist for an unknown or archived event", async () => {
    const event = await newEvent();
    expect((await t.request({ method: "GET", url: "/api/v1/public/events/no-such-event/ticketing" })).status).toBe(404);
    await t.context.db.update(events).set({ archived: true }).where(eq(events.id, event.id));
    expect((await t.request({ method: "GET", url: event.public })).status).toBe(404);
  });
});
