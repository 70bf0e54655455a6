import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { formAnswerCounts } from "./forms.tables.js";
import { choiceQuestion, createForm, formBody, formEvent, insertSubmission, textQuestion } from "./forms.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => formEvent(t, tenants.owner));

const save = (body: Record<string, unknown>, language?: string) =>
  t.request({ method: "POST", url: event.forms, token: tenants.owner.token, body, language });

/** Saves a broken form and checks the answer names the rule at its path, in the catalogue's exact words. */
async function expectRule(body: Record<string, unknown>, path: string, code: string, message: string) {
  const response = await save(body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.fields[path]).toBe(message);
}

describe("forms: the rules of SPEC §5, through the API", () => {
  it("needs a title, in the caller's language", async () => {
    await expectRule(formBody({ title: { en: "  " } }), "title", "FORM_TITLE_REQUIRED", "The form needs a title.");
    const french = await save(formBody({ title: {} }), "fr");
    expect(french.body.error.message).toBe("Le formulaire doit avoir un titre.");
  });

  it("needs at least one item", async () => {
    await expectRule(formBody({ items: [] }), "items", "FORM_ITEMS_REQUIRED", "The form needs at least one item.");
  });

  it("needs an answer for each choice question, and titles on options and questions", async () => {
    const noAnswers = formBody({ items: [choiceQuestion("q", { answers: [] })] });
    await expectRule(
      noAnswers,
      "items.0.answers",
      "QUESTION_ANSWERS_REQUIRED",
      "The question needs at least one answer.",
    );
    const untitledOption = formBody({
      items: [choiceQuestion("q", { answers: [{ id: "a", label: { fr: " " }, quota: null }] })],
    });
    await expectRule(untitledOption, "items.0.answers.0.label", "OPTION_TITLE_REQUIRED", "The option needs a title.");
    const untitled = formBody({ items: [textQuestion("q", { title: {} })] });
    await expectRule(untitled, "items.0.title", "QUESTION_TITLE_REQUIRED", "The question needs a title.");
  });

  it("refuses a question both required and read-only", async () => {
    const both = formBody({ items: [textQuestion("q", { required: true, readOnly: true })] });
    await expectRule(
      both,
      "items.0.readOnly",
      "QUESTION_REQUIRED_READ_ONLY",
      "A question cannot be both required and read-only.",
    );
  });

  it("refuses a quota of 0 or less", async () => {
    const zero = formBody({
      items: [choiceQuestion("q", { answers: [{ id: "a", label: { en: "A" }, quota: 0 }] })],
    });
    await expectRule(zero, "items.0.answers.0.quota", "QUOTA_INVALID", "The quota must be a number greater than 0.");
  });

  it("refuses checkbox counts that contradict each other or exceed the question's answers", async () => {
    const checkboxes = (selection: Record<string, number | null>) =>
      formBody({
        items: [
          choiceQuestion("q", {
            type: "multiple_choice",
            selection: { min: null, max: null, exact: null, ...selection },
          }),
        ],
      });
    const message = "The numbers of answers to select are not consistent.";
    await expectRule(checkboxes({ min: 2, max: 1 }), "items.0.selection", "SELECTION_RANGE_INVALID", message);
    // The question has two answers: asking for three, exactly or at most, cannot be met.
    await expectRule(checkboxes({ exact: 3 }), "items.0.selection", "SELECTION_RANGE_INVALID", message);
    await expectRule(checkboxes({ min: 1, max: 3 }), "items.0.selection", "SELECTION_RANGE_INVALID", message);
    const french = await save(checkboxes({ min: 2, max: 1 }), "fr");
    expect(french.body.error.fields["items.0.selection"]).toBe(
      "Les nombres de réponses à sélectionner sont incohérents.",
    );
    const consistent = await save(checkboxes({ min: 1, max: 2 }));
    expect(consistent.status, JSON.stringify(consistent.body)).toBe(201);
  });

  it("refuses an empty conditional block, and one without its question and answer", async () => {
    const [question] = formBody().items as unknown[];
    const empty = formBody({
      items: [question, { kind: "conditional", id: "c", questionId: "diet", answerId: "diet-yes", items: [] }],
    });
    await expectRule(empty, "items.1.items", "CONDITIONAL_EMPTY", "A conditional block cannot be empty.");
    const unset = formBody({
      items: [question, { kind: "conditional", id: "c", questionId: null, answerId: null, items: [textQuestion("x")] }],
    });
    await expectRule(
      unset,
      "items.1.questionId",
      "CONDITIONAL_CONDITION_REQUIRED",
      "A conditional block needs a question and an answer.",
    );
  });

  it("refuses a group inside another group, and a question inside the group linked to it", async () => {
    const [question] = formBody().items as unknown[];
    const inner = {
      kind: "conditional",
      id: "inner",
      questionId: "diet",
      answerId: "diet-no",
      items: [textQuestion("y")],
    };
    const nested = formBody({
      items: [question, { kind: "conditional", id: "outer", questionId: "diet", answerId: "diet-yes", items: [inner] }],
    });
    await expectRule(nested, "items.1.items.0", "GROUP_NESTED", "A group cannot go inside another group.");
    const own = formBody({
      items: [
        { kind: "conditional", id: "c", questionId: "diet", answerId: "diet-yes", items: [choiceQuestion("diet")] },
      ],
    });
    await expectRule(
      own,
      "items.0.items.0",
      "QUESTION_IN_OWN_CONDITION",
      "A question cannot move into a group linked to it.",
    );
  });

  it("refuses removing a question a conditional block uses", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms);
    const [, block] = formBody().items as unknown[];
    const response = await save(formBody({ id: form.id, items: [block] }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields["items.0.questionId"]).toBe(
      "This question is used by a conditional block and cannot be removed.",
    );
  });

  it("refuses editing or removing an answer guests already chose (submission or quota counter)", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "survey" }));
    await insertSubmission(t, event.id, form.id, { diet: "diet-yes" });
    const [, block] = formBody().items as unknown[];
    const relabelled = choiceQuestion("diet", {
      answers: [
        { id: "diet-yes", label: { en: "Yes please" }, quota: null },
        { id: "diet-no", label: { en: "No", fr: "Non" }, quota: null },
      ],
    });
    await expectRule(
      formBody({ id: form.id, type: "survey", items: [relabelled, block] }),
      "items.0.answers.0.label",
      "ANSWER_ALREADY_CHOSEN",
      "An answer already chosen by guests cannot be edited.",
    );
    // "no" was never chosen: it may go, and the chosen one may get a quota and a new position.
    const trimmed = choiceQuestion("diet", {
      answers: [
        { id: "diet-maybe", label: { en: "Maybe" }, quota: null },
        { id: "diet-yes", label: { fr: "Oui", en: "Yes" }, quota: 10 },
      ],
    });
    const kept = await save(formBody({ id: form.id, type: "survey", items: [trimmed, block] }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    await t.context.db
      .insert(formAnswerCounts)
      .values({ formId: form.id, questionId: "diet", answerId: "diet-maybe", chosen: 1 });
    const removed = choiceQuestion("diet", {
      answers: [{ id: "diet-yes", label: { en: "Yes", fr: "Oui" }, quota: 10 }],
    });
    await expectRule(
      formBody({ id: form.id, type: "survey", items: [removed, block] }),
      "items.0.answers",
      "ANSWER_ALREADY_CHOSEN",
      "An answer already chosen by guests cannot be edited.",
    );
  });

  it("keeps a form's type", async () => {
    const form = await createForm(t, tenants.owner.token, event.forms, formBody({ type: "companion" }));
    await expectRule(formBody({ id: form.id, type: "survey" }), "type", "FIELD_INVALID", "This value is not valid.");
  });

  it("answers a malformed item with the field's message, not a 500", async () => {
    const response = await save(formBody({ items: [{ kind: "question", id: "q", type: "nope", title: { en: "Q" } }] }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields["items.0.type"]).toBe("This value is not valid.");
  });
});
