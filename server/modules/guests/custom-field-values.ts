import type { CodedMessage } from "../../../contract/error-messages.js";
import { isEmptyValue, validateFieldValue } from "../../../contract/field-values.js";
import { AppError } from "../../platform/errors.js";
import type { CustomFieldValue, customFields } from "./guests.tables.js";

export type CustomFieldRow = typeof customFields.$inferSelect;
type Values = Record<string, CustomFieldValue>;

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
    const error = validateFieldValue(field, value);
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
