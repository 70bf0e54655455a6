import { and, eq, inArray } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type { CodedMessage } from "../../../../contract/error-messages.js";
import { isPhoneNumber } from "../../../../contract/field-values.js";
import {
  type Answers,
  type FormItem,
  hasAnswers,
  type Localized,
  type Question,
  visibleQuestions,
} from "../../../../contract/forms.js";
import type { civilities } from "../../../../contract/guests.js";
import type { Executor } from "../../../db/connection.js";
import { AppError } from "../../../platform/errors.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { type CustomFieldRow, mergeCustomValues } from "../../guests/custom-field-values.js";
import { searchable } from "../../guests/guests.list.js";
import type { CustomFieldValue } from "../../guests/guests.tables.js";

/** Where a submission's answers land on the guest: guest fields, and custom field values with their question. */
export type GuestValues = {
  fields: Partial<{
    civility: (typeof civilities)[number];
    firstName: string;
    lastName: string;
    company: string;
    jobTitle: string;
    phone: string;
  }>;
  custom: { fieldId: string; questionId: string; value: CustomFieldValue }[];
};

/** The guest list's own limits on its text fields (contract/guests.ts). */
const textLimits = { firstName: 100, lastName: 100, company: 200, jobTitle: 200, phone: 30 } as const;

/** How a civility question's answers may read in the three languages, matched without case, accents or dots. */
const civilityWords: Record<(typeof civilities)[number], string[]> = {
  mr: ["mr", "m", "monsieur", "sr", "senor", "sir"],
  mrs: ["mrs", "ms", "mme", "madame", "sra", "senora", "madam"],
  mx: ["mx"],
};

const labelIn = (label: Localized, language: Language) =>
  label[language]?.trim() || Object.values(label).find((text) => text?.trim()) || "";

function civilityOf(question: Question, value: string): GuestValues["fields"]["civility"] {
  const answer = question.answers.find((candidate) => candidate.id === value);
  const candidates = answer ? [answer.id, ...Object.values(answer.label)] : [value];
  const words = candidates.map((text) =>
    searchable(text ?? "")
      .replaceAll(".", "")
      .trim(),
  );
  const found = Object.entries(civilityWords).find(([, known]) => words.some((word) => known.includes(word)));
  return found?.[0] as GuestValues["fields"]["civility"];
}

/**
 * Reads the answers a submission keeps into guest values. A choice answer written into a text guest field is its
 * label in the guest's language; a phone guest field takes only a phone number (SPEC §5), blamed on its question.
 */
export function guestValuesOf(
  items: readonly FormItem[],
  kept: Answers,
  language: Language,
): { values: GuestValues; violations: Record<string, CodedMessage> } {
  const values: GuestValues = { fields: {}, custom: [] };
  const violations: Record<string, CodedMessage> = {};
  for (const question of visibleQuestions(items, kept)) {
    const value = kept[question.id];
    if (value === undefined || value === null || !question.target) continue;
    if (question.target.kind === "customField") {
      const fieldId = question.target.customFieldId;
      if (fieldId) values.custom.push({ fieldId, questionId: question.id, value });
      continue;
    }
    const field = question.target.field;
    const single = Array.isArray(value) ? value[0] : value;
    if (single === undefined) continue;
    if (field === "civility") {
      const civility = civilityOf(question, String(single));
      if (civility) values.fields.civility = civility;
      continue;
    }
    const answer = hasAnswers(question.type) ? question.answers.find((candidate) => candidate.id === single) : null;
    const text = (answer ? labelIn(answer.label, language) : String(single)).trim().slice(0, textLimits[field]);
    if (field === "phone" && !isPhoneNumber(text)) violations[question.id] = { code: "PHONE_INVALID" };
    else values.fields[field] = text;
  }
  return { values, violations };
}

/**
 * The custom field values once the answers are merged in, checked by the guest list's own rules. The form decides
 * what a guest must answer, so a required field the form does not ask never blocks a registration; an answer to a
 * field the organizer has since deleted is left out. A broken rule is blamed on its question.
 */
export function mergeAnswersIntoCustomFields(
  fields: CustomFieldRow[],
  current: Record<string, CustomFieldValue>,
  custom: GuestValues["custom"],
  pathPrefix: string,
): Record<string, CustomFieldValue> {
  const existing = new Set(fields.map((field) => field.id));
  const asked = custom.filter((entry) => existing.has(entry.fieldId));
  const changes = Object.fromEntries(asked.map((entry) => [entry.fieldId, entry.value]));
  try {
    return mergeCustomValues(fields, current, changes, { creating: false });
  } catch (error) {
    if (!(error instanceof AppError) || !error.options.fields) throw error;
    const questionOf = new Map(asked.map((entry) => [`customFields.${entry.fieldId}`, entry.questionId]));
    const remapped = Object.fromEntries(
      Object.entries(error.options.fields).map(([path, message]) => [
        `${pathPrefix}.${questionOf.get(path) ?? path}`,
        message,
      ]),
    );
    throw new AppError(400, error.code, { ...error.options, fields: remapped });
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file answers of visible questions: question id → stored file id. */
export function fileAnswersOf(items: readonly FormItem[], kept: Answers): { questionId: string; fileId: string }[] {
  return visibleQuestions(items, kept)
    .filter((question) => question.type === "file" && typeof kept[question.id] === "string")
    .map((question) => ({ questionId: question.id, fileId: String(kept[question.id]) }));
}

/**
 * A file answer names a file uploaded for a form of this very event (`POST /{event}/forms/uploadFile`): an id of
 * another event, of a terms PDF or of nothing is refused on its question.
 */
export async function unknownFileAnswers(
  executor: Executor,
  eventId: string,
  answers: { path: string; fileId: string }[],
): Promise<string[]> {
  const candidates = [...new Set(answers.map((answer) => answer.fileId).filter((id) => uuidPattern.test(id)))];
  const known = new Set(
    candidates.length === 0
      ? []
      : (
          await executor
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(
              and(
                inArray(storedFiles.id, candidates),
                eq(storedFiles.eventId, eventId),
                eq(storedFiles.purpose, "form.answer"),
              ),
            )
        ).map((row) => row.id),
  );
  return answers.filter((answer) => !known.has(answer.fileId.toLowerCase())).map((answer) => answer.path);
}
