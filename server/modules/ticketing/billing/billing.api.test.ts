import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerTenants } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { ticketingOrganizers } from "./billing.tables.js";
import { billingEvent } from "./billing.testing.js";
import { billingBody, validSiret } from "./billing-body.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const editor = madeBeforeAll(() => addMember(t, tenants.owner.accountId, "editor"));

const newEvent = () => billingEvent(t, tenants.owner, {}, [tenants.reader.userId, editor.userId]);
const get = (url: string, token = tenants.owner.token) => t.request({ method: "GET", url, token });
const post = (url: string, body: unknown, options: { token?: string; language?: string } = {}) =>
  t.request({ method: "POST", url, token: options.token ?? tenants.owner.token, body, language: options.language });

describe("organizers: Siret needed before billing info (SPEC §5)", () => {
  it("answers empty billing information before the first save", async () => {
    const event = await newEvent();
    const response = await get(event.organizers);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toMatchObject({ siret: "", corporateName: "", vatStatus: null, updatedAt: null });
  });

  it("refuses a body without a Siret on the siret field alone, whatever else is missing", async () => {
    const event = await newEvent();
    const response = await post(event.organizers, { corporateName: "Acme" });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "SIRET_REQUIRED",
      message: "Siret needed before billing info.",
      fields: { siret: "Siret needed before billing info." },
    });
    const blank = await post(event.organizers, billingBody({ siret: "   " }), { language: "fr" });
    expect(blank.body.error.fields).toEqual({
      siret: "Le Siret est nécessaire avant les informations de facturation.",
    });
    expect(await t.context.db.select().from(ticketingOrganizers)).toHaveLength(0);
  });

  it("refuses a Siret that is not 14 digits or fails its check digit", async () => {
    const event = await newEvent();
    for (const siret of ["7328293200007", "73282932000075", "7328293200007A"]) {
      const response = await post(event.organizers, billingBody({ siret }));
      expect(response.status, siret).toBe(400);
      expect(response.body.error.fields, siret).toEqual({
        siret: "This Siret is not valid: it has 14 digits, the last one a check digit.",
      });
    }
  });

  it("checks the rest once the Siret holds: required fields, VAT number when subject to VAT", async () => {
    const event = await newEvent();
    const missing = await post(event.organizers, { siret: validSiret });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      corporateName: "This field is required.",
      street: "This field is required.",
      zipCode: "This field is required.",
      city: "This field is required.",
      vatStatus: "This field is required.",
    });
    const noVatNumber = await post(event.organizers, billingBody({ vatNumber: null }));
    expect(noVatNumber.body.error).toMatchObject({
      code: "BILLING_VAT_NUMBER_REQUIRED",
      fields: { vatNumber: "The VAT number is required when subject to VAT." },
    });
    const wrongKey = await post(event.organizers, billingBody({ vatNumber: "FR41303265045" }));
    expect(wrongKey.body.error.fields).toEqual({
      vatNumber: "The VAT number is FR followed by 11 characters, like FR40303265045.",
    });
    const negativeCapital = await post(event.organizers, billingBody({ shareCapitalCents: -1 }));
    expect(negativeCapital.body.error.fields).toEqual({ shareCapitalCents: "This number is too small." });
  });

  it("saves with spaces stripped, reads it back, and audits each change", async () => {
    const event = await newEvent();
    const saved = await post(
      event.organizers,
      billingBody({ siret: "732 829 320 00074", vatNumber: "fr 40 303265045", vatStatus: "margin" }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      siret: validSiret,
      vatStatus: "margin",
      vatNumber: "FR40303265045",
      shareCapitalCents: 1_000_000,
      city: "Paris",
    });
    expect((await get(event.organizers)).body).toEqual(saved.body);

    // Not subject to VAT ("TVA non applicable, art. 293 B du CGI"): a VAT number left in the form is dropped.
    const notSubject = await post(event.organizers, billingBody({ vatStatus: "not_subject", city: "Lyon" }));
    expect(notSubject.body).toMatchObject({ vatStatus: "not_subject", vatNumber: null, city: "Lyon" });
    const audits = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, event.id));
    const billing = audits.filter((row) => row.action === "ticketing.billing.updated");
    expect(billing).toHaveLength(2);
    expect(billing.map((row) => row.before)).toContainEqual({
      city: "Paris",
      vatStatus: "margin",
      vatNumber: "FR40303265045",
    });
  });
});

describe("organizers: who may read and write", () => {
  it("lets an editor write, a reader only read, and hides the event from another account", async () => {
    const event = await newEvent();
    expect((await post(event.organizers, billingBody(), { token: editor.token })).status).toBe(200);
    expect((await get(event.organizers, tenants.reader.token)).body.corporateName).toBe("Acme Events SAS");
    const byReader = await post(event.organizers, billingBody({ city: "Nice" }), { token: tenants.reader.token });
    expect(byReader.status).toBe(403);
    expect((await get(event.organizers, tenants.other.token)).status).toBe(404);
    const byOther = await post(event.organizers, billingBody({ city: "Nice" }), { token: tenants.other.token });
    expect(byOther.status).toBe(404);
    expect((await get(event.organizers)).body.city).toBe("Paris");
  });
});
