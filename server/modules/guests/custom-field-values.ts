import type { CodedMessage } from "../../../contract/error-messages.js";
import { AppError } from "../../platform/errors.js";
import type { CustomFieldValue, customFields } from "./guests.tables.js";

export type CustomFieldRow = typeof customFields.$inferSelect;
type Values = Record<string, CustomFieldValue>;

const textLimits: Partial<Record<CustomFieldRow["type"], number>> = { short_text: 255, long_text: 10_000 };

/** A value that says "no answer": it is not stored, and it does not satisfy a required field. */
export const isEmptyValue = (value: CustomFieldValue | undefined) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date rolls 2025-02-30 over to March: a real day reads back identical.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The rule a non-empty value of `field` breaks (SPEC §5), or null when it is acceptable. */
export function validateCustomValue(field: CustomFieldRow, value: CustomFieldValue): CodedMessage | null {
  const choiceIds = new Set(field.choices.map((choice) => choice.id));
  if (field.type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return { code: "NUMBER_INVALID" };
    if (field.min !== null && value < field.min) return { code: "NUMBER_TOO_SMALL" };
    if (field.max !== null && value > field.max) return { code: "NUMBER_TOO_BIG" };
    if (value < 0 && (field.min === null || field.min >= 0)) return { code: "NUMBER_TOO_SMALL" };
    return null;
  }
  if (field.type === "multiple_choice") {
    if (!Array.isArray(value)) return { code: "FIELD_INVALID" };
    return value.every((id) => choiceIds.has(id)) ? null : { code: "CHOICE_UNKNOWN" };
  }
  if (typeof value !== "string") return { code: "FIELD_INVALID" };
  const limit = textLimits[field.type];
  if (limit !== undefined) return value.length > limit ? { code: "FIELD_TOO_LONG", values: [limit] } : null;
  switch (field.type) {
    case "unique_choice":
    case "dropdown":
      return choiceIds.has(value) ? null : { code: "CHOICE_UNKNOWN" };
    case "date":
      return isCalendarDate(value) ? null : { code: "DATE_INVALID" };
    case "time":
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : { code: "TIME_INVALID" };
    case "phone":
      return isPhoneNumber(value) ? null : { code: "PHONE_INVALID" };
    case "fr_identity_card":
    case "passport":
      return /^[A-Za-z0-9]{9}$/.test(value) ? null : { code: "ID_NUMBER_INVALID" };
    default:
      // file: the id of a stored file; uploads come with the files feature.
      return null;
  }
}

/** SPEC §5: 0XXXXXXXXX or +33XXXXXXXXX, spaces and dots between digit groups allowed. */
export function isPhoneNumber(value: string): boolean {
  const compact = value.replace(/[\s.]/g, "");
  return /^0[1-9]\d{8}$/.test(compact) || /^\+33[1-9]\d{8}$/.test(compact);
}

/**
 * Checks values about to be written over `current` and returns the merged values, empty answers dropped. Fails with
 * a 400 naming `customFields.<fieldId>` for each broken rule. A new guest needs every required field; an edit only
 * may not empty one (a field made required later must not block unrelated edits of older guests).
 */
export function mergeCustomValues(
  fields: CustomFieldRow[],
  current: Values,
  changes: Values,
  { creating }: { creating: boolean },
): Values {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const errors: Record<string, CodedMessage> = {};
  const merged: Values = { ...current };
  for (const [fieldId, value] of Object.entries(changes)) {
    const field = byId.get(fieldId);
    if (!field) {
      errors[`customFields.${fieldId}`] = { code: "CUSTOM_FIELD_UNKNOWN" };
      continue;
    }
    if (isEmptyValue(value)) {
      if (field.required) errors[`customFields.${fieldId}`] = { code: "FIELD_REQUIRED" };
      delete merged[fieldId];
      continue;
    }
    const error = validateCustomValue(field, value);
    if (error) errors[`customFields.${fieldId}`] = error;
    else merged[fieldId] = value;
  }
  for (const field of creating ? fields : []) {
    const key = `customFields.${field.id}`;
    if (field.required && isEmptyValue(merged[field.id]) && !errors[key]) errors[key] = { code: "FIELD_REQUIRED" };
  }
  const codes = Object.values(errors);
  const [first] = codes;
  if (first) {
    const headline = codes.length === 1 ? first : { code: "VALIDATION" as const };
    throw new AppError(400, headline.code, { values: headline.values, fields: errors });
  }
  return merged;
}
