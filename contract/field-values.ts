import type { CodedMessage } from "./error-messages.js";
import type { CustomFieldType } from "./guests.js";

/** A value of a custom field or of a form answer: text, a number, choice ids, or nothing. */
export type FieldValue = string | number | string[] | null;

/** What a value is checked against: a guest's custom field, or a form question that shares its types. */
export type FieldRule = {
  type: CustomFieldType;
  choices: readonly { id: string }[];
  min: number | null;
  max: number | null;
};

const textLimits: Partial<Record<CustomFieldType, number>> = { short_text: 255, long_text: 10_000 };

/** A value that says "no answer": it is not stored, and it does not satisfy a required field. */
export const isEmptyValue = (value: FieldValue | undefined) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date rolls 2025-02-30 over to March: a real day reads back identical.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** SPEC §5: 0XXXXXXXXX or +33XXXXXXXXX, spaces and dots between digit groups allowed. */
export function isPhoneNumber(value: string): boolean {
  const compact = value.replace(/[\s.]/g, "");
  return /^0[1-9]\d{8}$/.test(compact) || /^\+33[1-9]\d{8}$/.test(compact);
}

/**
 * The rule of SPEC §5 a non-empty value breaks, or null when it is acceptable. Shared by the server (guest list,
 * imports, form submissions) and the browser (forms check as the guest types, in the server's words).
 */
export function validateFieldValue(rule: FieldRule, value: FieldValue): CodedMessage | null {
  const choiceIds = new Set(rule.choices.map((choice) => choice.id));
  if (rule.type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return { code: "NUMBER_INVALID" };
    if (rule.min !== null && value < rule.min) return { code: "NUMBER_TOO_SMALL" };
    if (rule.max !== null && value > rule.max) return { code: "NUMBER_TOO_BIG" };
    if (value < 0 && (rule.min === null || rule.min >= 0)) return { code: "NUMBER_TOO_SMALL" };
    return null;
  }
  if (rule.type === "multiple_choice") {
    if (!Array.isArray(value)) return { code: "FIELD_INVALID" };
    return value.every((id) => choiceIds.has(id)) ? null : { code: "CHOICE_UNKNOWN" };
  }
  if (typeof value !== "string") return { code: "FIELD_INVALID" };
  const limit = textLimits[rule.type];
  if (limit !== undefined) return value.length > limit ? { code: "FIELD_TOO_LONG", values: [limit] } : null;
  switch (rule.type) {
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
      // file: the id of a stored file, checked by the feature that stores it.
      return null;
  }
}
