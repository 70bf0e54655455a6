import { beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../../platform/files.tables.js";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { choiceQuestion, createForm, formBody, formEvent, insertSubmission, textQuestion } from "./forms.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
let event: Awaited<ReturnType<typeof formEvent>>;
let formId: string;

const items = [
  { kind: "question", id: "stars", type: "rating", name: "Stars", title: { en: "Rate us" } },
  choiceQuestion("diet", { name: "Diet" }),
  {
    kind: "question",
    id: "topics",
    type: "multiple_choice",
    title: { en: "Topics", fr: "Sujets" },
    answers: [
      { id: "ai", label: { en: "AI", fr: "IA" }, quota: null },
      { id: "web", label: { en: "Web" }, quota: null },
    ],
  },
  { kind: "question", id: "age", type: "number", title: { en: "Age" } },
  textQuestion("comment", { name: "Comment" }),
  { kind: "question", id: "cv", type: "file", title: { en: "CV" } },
];

beforeAll(async () => {
  // Tokyo: 23:30 UTC on 1 March is already 2 March there.
  event = await formEvent(t, tenants.owner, { ratingMax: 4, timezone: "Asia/Tokyo" });
  formId = (await createForm(t, tenants.owner.token, event.forms, formBody({ type: "survey", items }))).id;
  const [file] = await t.context.db
    .insert(storedFiles)
    .values({
      eventId: event.id,
      purpose: "form.answer",
      name: "cv.pdf",
      contentType: "application/pdf",
      size: 10,
      storageKey: "x",
    })
    .returning();
  const at = (iso: string) => new Date(iso);
  await insertSubmission(
    t,
    event.id,
    formId,
    { stars: 4, diet: "diet-yes", topics: ["ai", "web"], age: 30, comment: "Great; really", cv: file?.id ?? null },
    { firstName: "Ana", lastName: "Álvarez", email: "ana@example.test", createdAt: at("2030-03-01T23:30:00Z") },
  );
  await insertSubmission(
    t,
    event.id,
    formId,
    { stars: 2, diet: "diet-yes", topics: ["ai"], age: 41 },
    { firstName: "Ben", lastName: "Bauer", email: "ben@example.test", createdAt: at("2030-03-02T01:00:00Z") },
  );
  await insertSubmission(
    t,
    event.id,
    formId,
    { diet: "diet-no", topics: [], comment: "" },
    { firstName: "Cy", lastName: "Chen", email: "cy@example.test", createdAt: at("2030-03-03T02:00:00Z") },
  );
});

describe("forms: statistics", () => {
  it("counts submissions per day in the event's timezone, answers per question, distributions and averages", async () => {
    const response = await t.request({
      method: "GET",
      url: `${event.forms}/${formId}/statistics?language=fr`,
      token: tenants.owner.token,
    });
    expect(response.status).toBe(200);
    const stats = response.body;
    expect(stats.submissionCount).toBe(3);
    expect(stats.byDay).toEqual([
      { day: "2030-03-02", count: 2 },
      { day: "2030-03-03", count: 1 },
    ]);
    const byId = Object.fromEntries(
      stats.questions.map((question: { questionId: string }) => [question.questionId, question]),
    );
    expect(byId.stars).toMatchObject({ name: "Stars", type: "rating", answered: 2, average: 3 });
    expect(byId.stars.distribution).toEqual([
      { key: "1", label: "1", count: 0 },
      { key: "2", label: "2", count: 1 },
      { key: "3", label: "3", count: 0 },
      { key: "4", label: "4", count: 1 },
    ]);
    expect(byId.diet).toMatchObject({ answered: 3, average: null });
    expect(byId.diet.distribution).toEqual([
      { key: "diet-yes", label: "Oui", count: 2 },
      { key: "diet-no", label: "Non", count: 1 },
    ]);
    // An empty selection is no answer; labels fall back to any language written.
    expect(byId.topics).toMatchObject({ name: "Sujets", answered: 2 });
    expect(byId.topics.distribution).toEqual([
      { key: "ai", label: "IA", count: 2 },
      { key: "web", label: "Web", count: 1 },
    ]);
    expect(byId.age).toMatchObject({ answered: 2, average: 35.5, distribution: [] });
    expect(byId.comment).toMatchObject({ answered: 1, average: null, distribution: [] });
  });

  it("exports every submission as a CSV: names, labels, joined choices, file names", async () => {
    const response = await t.request({
      method: "GET",
      url: `${event.forms}/${formId}/export`,
      token: tenants.owner.token,
      language: "en",
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(response.headers["content-disposition"])).toContain(`form-${event.slug}-survey.csv`);
    const text = String(response.body);
    expect(text.startsWith("\ufeff")).toBe(true);
    const lines = text.slice(1).trim().split("\n");
    expect(lines[0]).toBe("Submitted at;First name;Last name;Email address;Stars;Diet;Topics;Age;Comment;CV");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^3\/2\/30, 8:30\s?AM;Ana;Álvarez;ana@example.test;4;Yes;AI, Web;30;"Great; really";cv.pdf$/,
    );
    expect(lines[2]).toContain(";Ben;Bauer;ben@example.test;2;Yes;AI;41;;");
    expect(lines[3]).toContain(";Cy;Chen;cy@example.test;;No;;;;");
  });

  it("answers another account 404 and a reader of the account 404 when the event is not theirs", async () => {
    for (const token of [tenants.other.token, tenants.reader.token]) {
      const stats = await t.request({ method: "GET", url: `${event.forms}/${formId}/statistics`, token });
      expect(stats.status).toBe(404);
    }
  });
});
