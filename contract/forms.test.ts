import { describe, expect, test } from "vitest";
import {
  answerViolation,
  type FormItem,
  formItemSchema,
  formViolations,
  localizedText,
  type Question,
  submissionViolations,
  visibleQuestions,
} from "./forms.js";

/** Items as the builder sends them, defaults filled by the contract's own schema. */
const item = (input: Record<string, unknown>): FormItem => formItemSchema.parse(input);
const question = (id: string, overrides: Record<string, unknown> = {}) =>
  item({ kind: "question", id, type: "short_text", title: { en: id }, ...overrides }) as Question;
const choice = (id: string, overrides: Record<string, unknown> = {}) =>
  question(id, {
    type: "unique_choice",
    answers: [
      { id: `${id}-a`, label: { en: "A" } },
      { id: `${id}-b`, label: { en: "B" } },
    ],
    ...overrides,
  });
const block = (questionId: string | null, answerId: string | null, items: unknown[], id = "block") =>
  item({ kind: "conditional", id, questionId, answerId, items });

const codesOf = (items: FormItem[], title: Record<string, string> = { en: "Form" }) =>
  formViolations({ title, items }).map((violation) => `${violation.path} ${violation.message.code}`);

describe("formViolations: the form rules of SPEC §5", () => {
  test("a valid form with a conditional block breaks no rule", () => {
    expect(codesOf([choice("q"), block("q", "q-a", [question("x")])])).toEqual([]);
  });

  test("title required, at least one item", () => {
    expect(codesOf([], { en: "  ", fr: "" })).toEqual(["title FORM_TITLE_REQUIRED", "items FORM_ITEMS_REQUIRED"]);
  });

  test("each question with answers needs one; option and question titles required", () => {
    expect(codesOf([choice("q", { answers: [] })])).toEqual(["items.0.answers QUESTION_ANSWERS_REQUIRED"]);
    expect(codesOf([question("q", { type: "short_text", answers: [] })])).toEqual([]);
    expect(codesOf([choice("q", { answers: [{ id: "a", label: { es: " " } }] })])).toEqual([
      "items.0.answers.0.label OPTION_TITLE_REQUIRED",
    ]);
    expect(codesOf([question("q", { title: {} })])).toEqual(["items.0.title QUESTION_TITLE_REQUIRED"]);
  });

  test("a question cannot be both required and read-only", () => {
    expect(codesOf([question("q", { required: true, readOnly: true })])).toEqual([
      "items.0.readOnly QUESTION_REQUIRED_READ_ONLY",
    ]);
  });

  test("a quota is a number greater than 0; null is unlimited", () => {
    const quotas = (quota: number | null) =>
      codesOf([choice("q", { answers: [{ id: "a", label: { en: "A" }, quota }] })]);
    expect(quotas(0)).toEqual(["items.0.answers.0.quota QUOTA_INVALID"]);
    expect(quotas(-3)).toEqual(["items.0.answers.0.quota QUOTA_INVALID"]);
    expect(quotas(1)).toEqual([]);
    expect(quotas(null)).toEqual([]);
  });

  test("checkbox selection counts must be consistent and reachable", () => {
    const multiple = (selection: Record<string, number | null>) =>
      codesOf([
        choice("q", { type: "multiple_choice", selection: { min: null, max: null, exact: null, ...selection } }),
      ]);
    expect(multiple({ min: 2, max: 1 })).toEqual(["items.0.selection SELECTION_RANGE_INVALID"]);
    expect(multiple({ exact: 3 })).toEqual(["items.0.selection SELECTION_RANGE_INVALID"]);
    expect(multiple({ min: 1, max: 2 })).toEqual([]);
  });

  test("number bounds must be in order", () => {
    expect(codesOf([question("q", { type: "number", validation: { min: 10, max: 1 } })])).toEqual([
      "items.0.validation CUSTOM_FIELD_RANGE_INVALID",
    ]);
  });

  test("a conditional block cannot be empty and needs a question and an answer of it", () => {
    expect(codesOf([choice("q"), block("q", "q-a", [])])).toEqual(["items.1.items CONDITIONAL_EMPTY"]);
    expect(codesOf([choice("q"), block(null, null, [question("x")])])).toEqual([
      "items.1.questionId CONDITIONAL_CONDITION_REQUIRED",
    ]);
    expect(codesOf([choice("q"), block("q", "unknown", [question("x")])])).toEqual([
      "items.1.answerId CONDITIONAL_CONDITION_REQUIRED",
    ]);
    // A text question has no answers to choose: it cannot drive a block.
    expect(codesOf([question("t"), block("t", "t-a", [question("x")])])).toEqual([
      "items.1.answerId CONDITIONAL_CONDITION_REQUIRED",
    ]);
  });

  test("a question used by a conditional block cannot be removed", () => {
    expect(codesOf([block("gone", "gone-a", [question("x")])])).toEqual([
      "items.0.questionId QUESTION_USED_BY_CONDITION",
    ]);
  });

  test("a group cannot go inside another group, nor a question into the group linked to it", () => {
    const nested = block("q", "q-a", [block("q", "q-b", [question("y")], "inner")], "outer");
    expect(codesOf([choice("q"), nested])).toEqual(["items.1.items.0 GROUP_NESTED"]);
    expect(codesOf([block("q", "q-a", [choice("q")])])).toEqual(["items.0.items.0 QUESTION_IN_OWN_CONDITION"]);
  });

  test("question ids and names are unique in the form", () => {
    expect(codesOf([question("q"), question("q")])).toEqual(["items.1.id FIELD_INVALID"]);
    expect(codesOf([question("a", { name: "Diet" }), question("b", { name: " diet " })])).toEqual([
      "items.1.name QUESTION_NAME_TAKEN",
    ]);
  });
});

describe("visibleQuestions", () => {
  const items = [
    choice("q"),
    block("q", "q-a", [question("shown-on-a")]),
    choice("m", { type: "multiple_choice" }),
    block("m", "m-b", [question("shown-on-m-b")], "block-m"),
  ];
  const ids = (answers: Record<string, string | string[]>) => visibleQuestions(items, answers).map((q) => q.id);

  test("shows a block's questions only when its answer is given", () => {
    expect(ids({})).toEqual(["q", "m"]);
    expect(ids({ q: "q-a" })).toEqual(["q", "shown-on-a", "m"]);
    expect(ids({ q: "q-b" })).toEqual(["q", "m"]);
  });

  test("a multiple choice shows the block when one of its ticked answers is the block's", () => {
    expect(ids({ m: ["m-a", "m-b"] })).toEqual(["q", "m", "shown-on-m-b"]);
    expect(ids({ m: ["m-a"] })).toEqual(["q", "m"]);
  });
});

describe("answerViolation: answers of SPEC §5", () => {
  test("required", () => {
    expect(answerViolation(question("q", { required: true }), "", 5)).toEqual({ code: "FIELD_REQUIRED" });
    expect(answerViolation(question("q", { required: true }), [], 5)).toEqual({ code: "FIELD_REQUIRED" });
    expect(answerViolation(question("q"), undefined, 5)).toBeNull();
  });

  test("field types through the custom field rules", () => {
    expect(answerViolation(question("q", { type: "phone" }), "12", 5)).toEqual({ code: "PHONE_INVALID" });
    expect(answerViolation(question("q", { type: "phone" }), "0412345678", 5)).toBeNull();
    expect(answerViolation(choice("q"), "other", 5)).toEqual({ code: "CHOICE_UNKNOWN" });
    expect(answerViolation(question("q", { type: "number", validation: { min: 1, max: 3 } }), 4, 5)).toEqual({
      code: "NUMBER_TOO_BIG",
    });
  });

  test("checkbox counts: too many, too few, wrong number", () => {
    const multiple = (selection: Record<string, number | null>) =>
      choice("m", {
        type: "multiple_choice",
        answers: ["a", "b", "c"].map((id) => ({ id, label: { en: id } })),
        selection: { min: null, max: null, exact: null, ...selection },
      });
    expect(answerViolation(multiple({ max: 1 }), ["a", "b"], 5)).toEqual({ code: "TOO_MANY_ANSWERS", values: [1] });
    expect(answerViolation(multiple({ min: 2 }), ["a"], 5)).toEqual({ code: "TOO_FEW_ANSWERS", values: [2] });
    expect(answerViolation(multiple({ exact: 2, min: 1 }), ["a"], 5)).toEqual({
      code: "WRONG_NUMBER_OF_ANSWERS",
      values: [2],
    });
    expect(answerViolation(multiple({ exact: 2 }), ["a", "c"], 5)).toBeNull();
  });

  test("a rating is a whole number from 1 to the event's maximum", () => {
    const rating = question("r", { type: "rating" });
    for (const bad of [0, 6, 2.5, "3"])
      expect(answerViolation(rating, bad, 5)).toEqual({ code: "RATING_INVALID", values: [5] });
    expect(answerViolation(rating, 1, 5)).toBeNull();
    expect(answerViolation(rating, 5, 5)).toBeNull();
  });
});

describe("submissionViolations", () => {
  const items = [
    choice("q", { required: true }),
    block("q", "q-a", [question("details", { required: true })]),
    question("locked", { readOnly: true }),
  ];

  test("checks visible questions only and drops answers to hidden ones", () => {
    const hidden = submissionViolations(items, { q: "q-b", details: "stale" }, 5);
    expect(hidden).toEqual({ violations: {}, kept: { q: "q-b" } });
    const shown = submissionViolations(items, { q: "q-a" }, 5);
    expect(shown.violations).toEqual({ details: { code: "FIELD_REQUIRED" } });
    expect(submissionViolations(items, {}, 5).violations).toEqual({ q: { code: "FIELD_REQUIRED" } });
  });

  test("never takes a read-only question's answer from the guest", () => {
    expect(submissionViolations(items, { q: "q-b", locked: "forged" }, 5).kept).toEqual({ q: "q-b" });
  });
});

describe("localizedText", () => {
  test("the wanted language, else the first written in fr, en, es order", () => {
    expect(localizedText({ en: "Hello", fr: "Bonjour" }, "fr")).toBe("Bonjour");
    expect(localizedText({ en: "Hello", fr: " " }, "fr")).toBe("Hello");
    expect(localizedText({ es: "Hola" }, "en")).toBe("Hola");
    expect(localizedText(undefined, "en")).toBe("");
  });
});
