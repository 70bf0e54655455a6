import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeUpload } from "../../../platform/file-store.js";
import { registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { eventsUrl, hoursFromNow } from "../../events/events.testing.js";
import { guestEvent } from "../../guests/guests.testing.js";
import { forms } from "../forms.tables.js";
import { multipartForm, pdfBytes, pngBytes } from "../forms.testing.js";
import { answer, clientIp, insertForm, memberSession, question, submit, uniqueEmail } from "./submissions.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

const formUrl = (slug: string, type: string) => `/api/v1/public/events/${slug}/forms/${type}`;
const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
function upload(slug: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }, ip = clientIp()) {
  const { body, headers } = multipartForm(fields, file);
  return t.request({
    method: "POST",
    url: `/${slug}/forms/uploadFile`,
    body,
    headers: { ...headers, "x-forwarded-for": ip },
  });
}

describe("the public form", () => {
  it("serves the published items with quotas filled, companions and availability; drafts are 404", async () => {
    const event = await guestEvent(t, owner, { maxCompanions: 2, ratingMax: 7 });
    const published = [question("pick", "unique_choice", { answers: [answer("one", 1), answer("many", 5)] })];
    const form = await insertForm(t, event.id, { items: published, options: { companionsEnabled: true } });
    await t.context.db.update(forms).set({ items: [], status: "updated" }).where(eq(forms.id, form.id));
    const companion = await insertForm(t, event.id, { type: "companion", items: [question("c", "short_text")] });
    await submit(t, event.slug, form.id, { mail: uniqueEmail("first"), items: { pick: "one" } });

    const read = await get(formUrl(event.slug, "registration"));
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.body).toMatchObject({
      id: form.id,
      type: "registration",
      items: published,
      availability: "open",
      ratingMax: 7,
      maxCompanions: 2,
      companionForm: { id: companion.id, items: [{ id: "c" }] },
      filledAnswerIds: ["one"],
      termsUrl: null,
    });
    expect((await get(formUrl(event.slug, "survey"))).status).toBe(404);
    expect((await get(formUrl(event.slug, "companion"))).status).toBe(404);
    expect((await get(formUrl("no-such-event", "registration"))).status).toBe(404);
    const draftEvent = await guestEvent(t, owner);
    await insertForm(t, draftEvent.id, { items: published, status: "draft" });
    expect((await get(formUrl(draftEvent.slug, "registration"))).status).toBe(404);
  });

  it("tells not yet open, closed and full apart", async () => {
    const items = [question("q", "short_text")];
    const early = await guestEvent(t, owner);
    await insertForm(t, early.id, { items, options: { opensAt: hoursFromNow(5) } });
    expect((await get(formUrl(early.slug, "registration"))).body.availability).toBe("not_yet_open");
    const late = await guestEvent(t, owner, { registrationClosesAt: hoursFromNow(-2) });
    await insertForm(t, late.id, { items });
    const closed = await get(formUrl(late.slug, "registration"));
    expect(closed.body).toMatchObject({ availability: "closed", maxCompanions: 0, companionForm: null });
    const small = await guestEvent(t, owner, { maxAttendees: 1 });
    const form = await insertForm(t, small.id, { items });
    expect((await submit(t, small.slug, form.id, { mail: uniqueEmail("only") })).status).toBe(201);
    expect((await get(formUrl(small.slug, "registration"))).body.availability).toBe("full");
  });

  it("hides an archived event's forms", async () => {
    const event = await guestEvent(t, owner);
    await insertForm(t, event.id, { items: [question("q", "short_text")] });
    const archive = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
      body: { archived: true },
    });
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    expect((await get(formUrl(event.slug, "registration"))).status).toBe(404);
  });

  it("streams the terms PDF of a published form of this event only", async () => {
    const event = await guestEvent(t, owner);
    const stored = await upload(event.slug, {}, { name: "x.pdf", bytes: pdfBytes() });
    expect(stored.status).toBe(404); // no form named: nothing to upload for
    const file = await storeUpload(t.context.files, t.context.db, {
      eventId: event.id,
      purpose: "form.terms",
      upload: { fileName: "Conditions.pdf", bytes: pdfBytes(), fields: {} },
      accepted: ["pdf"],
    });
    const form = await insertForm(t, event.id, { items: [question("q", "short_text")], termsFileId: file.id });
    const url = `/api/v1/public/events/${event.slug}/forms/${form.id}/terms`;
    expect((await get(formUrl(event.slug, "registration"))).body.termsUrl).toBe(url);
    const pdf = await get(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
    const other = await guestEvent(t, owner);
    expect((await get(`/api/v1/public/events/${other.slug}/forms/${form.id}/terms`)).status).toBe(404);
  });
});

describe("file answers", () => {
  it("uploads a file for a file question, refuses too big, wrong types and forms of other events", async () => {
    const event = await guestEvent(t, owner);
    const form = await insertForm(t, event.id, { items: [question("cv", "file", { required: true })] });
    const stored = await upload(event.slug, { formId: form.id }, { name: "cv.pdf", bytes: pdfBytes() });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body).toMatchObject({ name: "cv.pdf", size: 1009, type: "application/pdf" });
    const png = await upload(event.slug, { formId: form.id }, { name: "p.png", bytes: pngBytes() });
    expect(png.status).toBe(201);

    const big = await upload(event.slug, { formId: form.id }, { name: "big.pdf", bytes: pdfBytes(15 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("The file uploaded is too big.");
    const text = await upload(event.slug, { formId: form.id }, { name: "a.txt", bytes: Buffer.from("hello") });
    expect(text.status).toBe(415);
    expect(text.body.error.message).toBe("The type uploaded is not accepted.");
    const noFileQuestion = await insertForm(t, (await guestEvent(t, owner)).id, {
      items: [question("q", "short_text")],
    });
    expect(
      (await upload(event.slug, { formId: noFileQuestion.id }, { name: "cv.pdf", bytes: pdfBytes() })).status,
    ).toBe(404);

    // The answer names the upload; an upload of another event is refused on the question.
    const other = await guestEvent(t, owner);
    const otherForm = await insertForm(t, other.id, { items: [question("cv", "file")] });
    const foreign = await upload(other.slug, { formId: otherForm.id }, { name: "cv.pdf", bytes: pdfBytes() });
    const refused = await submit(t, event.slug, form.id, { mail: uniqueEmail("cv"), items: { cv: foreign.body.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ "items.cv": "This value is not valid." });
    const accepted = await submit(t, event.slug, form.id, { mail: uniqueEmail("cv"), items: { cv: stored.body.id } });
    expect(accepted.status).toBe(201);
  });

  it("takes at most 30 uploads a minute from one client address, a budget shared with submissions", async () => {
    const event = await guestEvent(t, owner);
    const form = await insertForm(t, event.id, { items: [question("cv", "file")] });
    const ip = clientIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      statuses.push((await upload(event.slug, { formId: form.id }, { name: "cv.pdf", bytes: pdfBytes() }, ip)).status);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const limited = await upload(event.slug, { formId: form.id }, { name: "cv.pdf", bytes: pdfBytes() }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await submit(t, event.slug, form.id, { mail: uniqueEmail("late") }, { ip })).status).toBe(429);
    // Another address still uploads.
    expect((await upload(event.slug, { formId: form.id }, { name: "cv.pdf", bytes: pdfBytes() })).status).toBe(201);
  });
});

describe("the member's answers", () => {
  it("lists the signed-in guest's own submissions with companions and whether they can change", async () => {
    const event = await guestEvent(t, owner, { maxCompanions: 1 });
    const form = await insertForm(t, event.id, {
      items: [question("first", "short_text")],
      options: { companionsEnabled: true },
    });
    await insertForm(t, event.id, { type: "companion", items: [question("name", "short_text")] });
    const mail = uniqueEmail("member");
    await submit(t, event.slug, form.id, { mail, items: { first: "Mia" }, companions: [{ items: { name: "Leo" } }] });
    await submit(t, event.slug, form.id, { mail: uniqueEmail("someone"), items: { first: "Other" } });
    const session = await memberSession(t, event.slug, mail);
    const read = await get(`/api/v1/public/events/${event.slug}/member/answers`, session);
    expect(read.status).toBe(200);
    expect(read.body.items).toHaveLength(1);
    expect(read.body.items[0]).toMatchObject({
      formId: form.id,
      type: "registration",
      answers: { first: "Mia" },
      companions: [{ mail: null, answers: { name: "Leo" } }],
      availability: "open",
      canChange: true,
    });
    expect((await get(`/api/v1/public/events/${event.slug}/member/answers`)).status).toBe(401);
    const other = await guestEvent(t, owner);
    expect((await get(`/api/v1/public/events/${other.slug}/member/answers`, session)).status).toBe(401);
  });

  it("shows registration and survey links on the event page once the forms are online", async () => {
    const event = await guestEvent(t, owner);
    const page = () => get(`/api/v1/public/events/${event.slug}`);
    expect((await page()).body.modules).toMatchObject({ registration: false, survey: false });
    await insertForm(t, event.id, { items: [question("q", "short_text")] });
    await insertForm(t, event.id, {
      type: "survey",
      items: [question("r", "rating")],
      options: { opensAt: hoursFromNow(3) },
    });
    expect((await page()).body.modules).toMatchObject({ registration: true, survey: false });
    await t.context.db
      .update(forms)
      .set({ options: { ...(await readOptions(event.id)), opensAt: null } })
      .where(eq(forms.eventId, event.id));
    expect((await page()).body.modules).toMatchObject({ registration: true, survey: true });
  });
});

async function readOptions(eventId: string) {
  const [row] = await t.context.db.select({ options: forms.options }).from(forms).where(eq(forms.eventId, eventId));
  if (!row) throw new Error("no form");
  return row.options;
}
