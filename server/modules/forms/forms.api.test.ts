import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { formAnswerCounts } from "./forms.tables.js";
import {
  choiceQuestion,
  createForm,
  formBody,
  formEvent,
  multipartForm,
  pdfBytes,
  pngBytes,
  textQuestion,
} from "./forms.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() =>
  formEvent(t, tenants.owner, { ratingMax: 7, preferredLanguage: "fr" }, [tenants.reader.userId]),
);

const owner = () => client(t, tenants.owner);

async function auditActions(targetId: string) {
  const rows = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId));
  return rows.map((row) => row.action);
}

describe("forms: list, read, save, delete", () => {
  it("creates a draft with default options, lists it, saves it, deletes it, with audit rows", async () => {
    const created = await owner().post(event.forms, formBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "registration",
      status: "draft",
      terms: null,
      submissionCount: 0,
      publishedAt: null,
      options: {
        online: false,
        opensAt: null,
        closesAt: null,
        requiresApproval: false,
        companionsEnabled: false,
        confirmationMessage: {},
      },
    });
    const id = created.body.id;
    const list = await owner().get(`${event.forms}?type=registration`);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    expect(list.body.items.find((form: { id: string }) => form.id === id)).not.toHaveProperty("items");
    expect((await owner().get(`${event.forms}?type=survey`)).body.items).toEqual([]);

    const saved = await owner().post(event.forms, formBody({ id, title: { en: "Sign up" } }));
    expect(saved.status).toBe(200);
    expect((await owner().get(`${event.forms}/${id}`)).body.title).toEqual({ en: "Sign up" });

    expect((await owner().delete(`${event.forms}/${id}`)).status).toBe(200);
    expect((await owner().get(`${event.forms}/${id}`)).status).toBe(404);
    expect(await auditActions(id)).toEqual(["forms.form.created", "forms.form.saved", "forms.form.deleted"]);
  });

  it("lets a reader read but not change (403), and another account gets 404", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms);
    const reader = client(t, tenants.reader);
    expect((await reader.get(`${event.forms}/${form.id}`)).status).toBe(200);
    expect((await reader.get(`${event.forms}/${form.id}/statistics`)).status).toBe(200);
    expect((await reader.post(event.forms, formBody({ id: form.id }))).status).toBe(403);
    expect((await reader.post(`${event.forms}/${form.id}/options`, { online: true })).status).toBe(403);
    expect((await reader.delete(`${event.forms}/${form.id}`)).status).toBe(403);

    const other = client(t, tenants.other);
    for (const response of [
      await other.get(event.forms),
      await other.get(`${event.forms}/${form.id}`),
      await other.get(`${event.forms}/view/${form.id}`),
      await other.get(`${event.forms}/${form.id}/export`),
      await other.post(event.forms, formBody({ id: form.id })),
      await other.post(`${event.forms}/${form.id}/options`, { online: true }),
      await other.delete(`${event.forms}/${form.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
    // A form id of another event is unknown here too.
    const otherEvent = await formEvent(t, tenants.other);
    expect((await other.get(`${otherEvent.forms}/${form.id}`)).status).toBe(404);
  });
});

describe("forms: questions aimed at custom fields", () => {
  it("creates a field per new target, of the question's type, and writes its id into the items", async () => {
    const rating = { kind: "question", id: "stars", type: "rating", name: "Stars", title: { en: "Rate us" } };
    const diet = choiceQuestion("diet", { target: { kind: "customField", customFieldId: null } });
    const body = formBody({
      type: "survey",
      items: [{ ...rating, target: { kind: "customField", customFieldId: null } }, diet],
    });
    const created = await owner().post(event.forms, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fields = (await owner().get(event.fields)).body.items;
    const stars = fields.find((field: { name: string }) => field.name === "Stars");
    expect(stars).toMatchObject({ type: "number", min: 1, max: 7 });
    // No name: the title in the event's preferred language (fr here, else any text).
    const question = fields.find((field: { name: string }) => field.name === "Question diet");
    expect(question).toMatchObject({
      type: "unique_choice",
      choices: [
        { id: "diet-yes", label: "Oui" },
        { id: "diet-no", label: "Non" },
      ],
    });
    expect(created.body.items[0].target).toEqual({ kind: "customField", customFieldId: stars.id });
    expect(created.body.items[1].target).toEqual({ kind: "customField", customFieldId: question.id });

    // An existing field gets the answers it lacks as choices; its own stay.
    const more = choiceQuestion("diet", {
      target: { kind: "customField", customFieldId: question.id },
      answers: [
        { id: "diet-yes", label: { en: "Yes", fr: "Oui" }, quota: null },
        { id: "diet-vegan", label: { en: "Vegan" }, quota: null },
      ],
    });
    const saved = await owner().post(event.forms, {
      ...body,
      id: created.body.id,
      items: [created.body.items[0], more],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const updated = (await owner().get(`${event.fields}/${question.id}`)).body;
    expect(updated.choices.map((choice: { id: string }) => choice.id)).toEqual(["diet-yes", "diet-no", "diet-vegan"]);
  });

  it("refuses a field of another type or event, and a new field whose name is taken", async () => {
    const field = await owner().post(event.fields, { name: "Company size", type: "number" });
    const mismatch = textQuestion("size", { target: { kind: "customField", customFieldId: field.body.id } });
    const refused = await owner().post(event.forms, formBody({ type: "companion", items: [mismatch] }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields["items.0.target"]).toBe("This value is not valid.");

    const taken = textQuestion("size", { name: "company size", target: { kind: "customField", customFieldId: null } });
    const clash = await owner().post(event.forms, formBody({ type: "companion", items: [taken] }));
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields["items.0.name"]).toBe("This custom field already exists, please rename/remove it.");
  });
});

describe("forms: publication and status", () => {
  it("publishes, turns updated on edits, back online when identical, offline on unpublish", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "companion" }));
    const url = `${event.forms}/${form.id}/options`;
    const published = await owner().post(url, { online: true, requiresApproval: true });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ online: true, requiresApproval: true });
    let read = (await owner().get(`${event.forms}/${form.id}`)).body;
    expect(read.status).toBe("online");
    expect(read.publishedAt).not.toBeNull();

    const changed = formBody({ id: form.id, type: "companion", items: [textQuestion("other")] });
    expect((await owner().post(event.forms, changed)).body.status).toBe("updated");
    expect((await owner().post(event.forms, formBody({ id: form.id, type: "companion" }))).body.status).toBe("online");

    const offline = await owner().post(url, { online: false });
    expect(offline.body.online).toBe(false);
    read = (await owner().get(`${event.forms}/${form.id}`)).body;
    expect(read.status).toBe("draft");
    expect((await owner().get(url)).body.online).toBe(false);
    expect(await auditActions(form.id)).toEqual([
      "forms.form.created",
      "forms.form.published",
      "forms.form.saved",
      "forms.form.saved",
      "forms.form.unpublished",
    ]);
  });

  it("refuses a second online form of one type (409), and closing before opening", async () => {
    const first = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "survey" }));
    const second = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "survey" }));
    expect((await owner().post(`${event.forms}/${first.id}/options`, { online: true })).status).toBe(200);
    const refused = await t.request({
      method: "POST",
      url: `${event.forms}/${second.id}/options`,
      token: tenants.owner.token,
      body: { online: true },
      language: "es",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "FORM_ALREADY_ONLINE",
      message: "Ya hay otro formulario de este tipo en línea.",
    });
    const dates = await owner().post(`${event.forms}/${second.id}/options`, {
      opensAt: "2030-05-02T10:00:00Z",
      closesAt: "2030-05-01T10:00:00Z",
    });
    expect(dates.status).toBe(400);
    expect(dates.body.error.fields.closesAt).toBe("The closing date must be after the opening date.");
    await owner().post(`${event.forms}/${first.id}/options`, { online: false });
  });

  it("serves the working items as a guest sees them, with the filled quotas", async () => {
    const quota = choiceQuestion("seat", {
      answers: [
        { id: "morning", label: { en: "Morning" }, quota: 2 },
        { id: "evening", label: { en: "Evening" }, quota: 5 },
      ],
    });
    const form = await createForm(t, tenants.owner.token, event.forms, formBody({ items: [quota] }));
    await t.context.db.insert(formAnswerCounts).values([
      { formId: form.id, questionId: "seat", answerId: "morning", chosen: 2 },
      { formId: form.id, questionId: "seat", answerId: "evening", chosen: 4 },
    ]);
    const preview = await owner().get(`${event.forms}/view/${form.id}/es`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      id: form.id,
      availability: "offline",
      ratingMax: 7,
      filledAnswerIds: ["morning"],
      termsUrl: null,
    });
    expect(preview.body.items[0].id).toBe("seat");
    expect((await owner().get(`${event.forms}/view/${form.id}`)).status).toBe(200);
  });
});

describe("forms: terms PDF", () => {
  it("stores a PDF, replaces it, serves it; refuses a PNG (415) and 16 MB (413)", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "companion" }));
    const url = `${event.forms}/${form.id}/terms`;
    const upload = (file: { name: string; bytes: Buffer; type?: string }) => {
      const { body, headers } = multipartForm({}, file);
      return t.request({ method: "POST", url, token: tenants.owner.token, body, headers });
    };
    expect((await upload({ name: "old.pdf", bytes: pdfBytes() })).status).toBe(200);
    const stored = await upload({ name: "Conditions générales.pdf", bytes: pdfBytes(2_000) });
    expect(stored.body).toMatchObject({ name: "Conditions générales.pdf", size: 2_009 });
    const read = await owner().get(url);
    expect(read.status).toBe(200);
    expect(read.headers["content-type"]).toBe("application/pdf");
    expect(String(read.headers["content-disposition"])).toContain("Conditions%20g%C3%A9n%C3%A9rales.pdf");
    expect(String(read.body).startsWith("%PDF-")).toBe(true);
    expect((await owner().get(`${event.forms}/${form.id}`)).body.terms).toMatchObject({ size: 2_009 });
    expect((await owner().get(`${event.forms}/view/${form.id}`)).body.termsUrl).toBe(
      `/api/v1/public/events/${event.slug}/forms/${form.id}/terms`,
    );

    const png = await upload({ name: "terms.pdf", bytes: pngBytes(), type: "application/pdf" });
    expect(png.status).toBe(415);
    expect(png.body.error.message).toBe("The type uploaded is not accepted.");
    // SPEC §9: form files up to 15 MB, above the 10 MB the guest imports allow.
    expect((await upload({ name: "large.pdf", bytes: pdfBytes(14 * 1024 * 1024) })).status).toBe(200);
    const big = await upload({ name: "big.pdf", bytes: pdfBytes(16 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("The file uploaded is too big.");
    const actions = await auditActions(form.id);
    expect(actions.filter((action) => action === "forms.form.terms_uploaded")).toHaveLength(3);
  });

  it("saves a form and its terms in one multipart request", async () => {
    const { body, headers } = multipartForm(
      { form: JSON.stringify(formBody({ type: "companion" })) },
      { name: "terms.pdf", bytes: pdfBytes() },
    );
    const created = await t.request({ method: "POST", url: event.forms, token: tenants.owner.token, body, headers });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.terms).toMatchObject({ name: "terms.pdf" });

    const broken = multipartForm({ form: JSON.stringify(formBody({ type: "companion", title: {} })) });
    const refused = await t.request({ method: "POST", url: event.forms, token: tenants.owner.token, ...broken });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.title).toBe("The form needs a title.");
    const garbled = multipartForm({ form: "{not json" });
    const unreadable = await t.request({ method: "POST", url: event.forms, token: tenants.owner.token, ...garbled });
    expect(unreadable.status).toBe(400);
  });
});
