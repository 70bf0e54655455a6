import {
  type FormItem,
  formQuestions,
  localizedText,
  type Question,
  type RuleViolation,
} from "../../../contract/forms.js";
import { type CustomFieldBody, type CustomFieldType, choiceFieldTypes } from "../../../contract/guests.js";
import type { Executor } from "../../db/connection.js";
import { AppError } from "../../platform/errors.js";
import type { Caller } from "../events/events.service.js";
import type { EventRow } from "../events/events.visibility.js";
import { changeCustomField, insertCustomField, readCustomFields } from "../guests/custom-fields.service.js";

/** The custom field type that stores a question's answers: a rating is a number from 1 to the event's maximum. */
const fieldTypeOf = (question: Question): CustomFieldType => (question.type === "rating" ? "number" : question.type);

/** Where each question sits in the form, as the rule paths name it (`items.2`, `items.3.items.0`). */
export function questionPaths(items: readonly FormItem[], prefix = "items"): Map<string, string> {
  return new Map(
    items.flatMap((item, index): [string, string][] => {
      const path = `${prefix}.${index}`;
      if (item.kind === "question") return [[item.id, path]];
      return item.kind === "conditional" ? [...questionPaths(item.items, `${path}.items`)] : [];
    }),
  );
}

function mapQuestions(items: readonly FormItem[], change: (question: Question) => Question): FormItem[] {
  return items.map((item) => {
    if (item.kind === "question") return change(item);
    if (item.kind === "conditional") return { ...item, items: mapQuestions(item.items, change) };
    return item;
  });
}

/** The question's answers as the field's choices, labelled in the event's preferred language. */
const choicesOf = (question: Question, language: string) =>
  question.answers.map((answer) => ({
    id: answer.id,
    label: localizedText(answer.label, language).trim().slice(0, 200),
  }));

function newFieldBody(question: Question, event: EventRow): CustomFieldBody {
  const type = fieldTypeOf(question);
  const isChoice = choiceFieldTypes.includes(type);
  return {
    name: (question.name.trim() || localizedText(question.title, event.preferredLanguage).trim()).slice(0, 100),
    type,
    required: false,
    choices: isChoice ? choicesOf(question, event.preferredLanguage) : [],
    min: question.type === "rating" ? 1 : type === "number" ? question.validation.min : null,
    max: question.type === "rating" ? event.ratingMax : type === "number" ? question.validation.max : null,
  };
}

/** The guests module names its own inputs (`name`, `choices`, `max`): here they become the question's paths. */
const questionKeys: Record<string, string> = { name: "name", choices: "answers", max: "validation" };
function atQuestion(error: unknown, path: string): unknown {
  if (!(error instanceof AppError) || !error.options.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.options.fields).map(([key, message]) => [`${path}.${questionKeys[key] ?? key}`, message]),
  );
  return new AppError(error.status, error.code, { ...error.options, fields });
}

/**
 * Makes every question aimed at a custom field point at one of the event's fields, in the save's transaction:
 * `customFieldId: null` creates a field named after the question, of the same type; an existing field must belong to
 * the event and have the question's type, and a choice field gets the question's answers it lacks as choices.
 * Answers the items with the new field ids filled in, or the violations found (nothing written then).
 */
export async function linkCustomFields(
  tx: Executor,
  caller: Caller,
  event: EventRow,
  items: readonly FormItem[],
): Promise<{ items: FormItem[]; violations: RuleViolation[] }> {
  const paths = questionPaths(items);
  const fields = new Map((await readCustomFields(tx, event.id)).map((field) => [field.id, field]));
  const violations: RuleViolation[] = [];
  for (const question of formQuestions(items)) {
    const target = question.target;
    if (target?.kind !== "customField" || target.customFieldId === null) continue;
    const field = fields.get(target.customFieldId);
    if (!field || field.type !== fieldTypeOf(question))
      violations.push({ path: `${paths.get(question.id)}.target`, message: { code: "FIELD_INVALID" } });
  }
  if (violations.length > 0) return { items: [...items], violations };

  const created = new Map<string, string>();
  for (const question of formQuestions(items)) {
    const target = question.target;
    if (target?.kind !== "customField") continue;
    const path = paths.get(question.id) ?? "items";
    try {
      if (target.customFieldId === null) {
        const field = await insertCustomField(tx, caller, event.id, newFieldBody(question, event));
        created.set(question.id, field.id);
        continue;
      }
      const field = fields.get(target.customFieldId);
      if (!field || !choiceFieldTypes.includes(field.type)) continue;
      const known = new Set(field.choices.map((choice) => choice.id));
      const missing = choicesOf(question, event.preferredLanguage).filter((choice) => !known.has(choice.id));
      if (missing.length > 0) {
        await changeCustomField(tx, caller, event.id, field.id, { choices: [...field.choices, ...missing] });
      }
    } catch (error) {
      throw atQuestion(error, path);
    }
  }
  const linked = mapQuestions(items, (question) => {
    const fieldId = created.get(question.id);
    return fieldId ? { ...question, target: { kind: "customField", customFieldId: fieldId } } : question;
  });
  return { items: linked, violations };
}
