import type { z } from "zod";
import type { Language } from "../../../../contract/common.js";
import {
  type CodedMessage,
  isMessageCode,
  type MessageCode,
  messageOfZodIssue,
  translate,
} from "../../../../contract/error-messages.js";
import { isPhoneNumber } from "../../../../contract/field-values.js";
import { customFieldTargetPrefix, type ImportMapping } from "../../../../contract/guest-imports.js";
import {
  type GuestUpdateBody,
  guestUpdateBody,
  guestValuesSchema,
  hasEmailOrLastName,
} from "../../../../contract/guests.js";
import { AppError } from "../../../platform/errors.js";
import { type CustomFieldRow, mergeCustomValues } from "../custom-field-values.js";
import { searchable } from "../guests.list.js";
import type { CustomFieldValue } from "../guests.tables.js";
import type { FileRow } from "./imports.parse.js";

type Values = Record<string, CustomFieldValue>;
export type GuestChanges = Omit<GuestUpdateBody, "customFields">;

/** A row read through the mapping: the guest fields it fills (empty cells left out) and its custom answers. */
export type MappedRow = { line: number; cells: string[]; email: string | null; changes: GuestChanges; custom: Values };

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

const words = (text: string) =>
  searchable(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Civilities as organizers write them in fr, en and es. */
const civilityWords: Record<string, "mr" | "mrs" | "mx"> = Object.fromEntries([
  ...["m", "mr", "monsieur", "mister", "sr", "senor", "don"].map((word) => [word, "mr" as const]),
  ...["mme", "madame", "mlle", "mademoiselle", "mrs", "ms", "miss", "sra", "senora", "srta", "senorita", "dona"].map(
    (word) => [word, "mrs" as const],
  ),
  ["mx", "mx" as const],
]);

/** Statuses by their code or their usual wording in fr, en and es. */
const statusWords: Record<string, string> = {
  "non repondu": "not_responded",
  "pas de reponse": "not_responded",
  "sin respuesta": "not_responded",
  "no response": "not_responded",
  refuse: "refused",
  rechazado: "refused",
  declined: "refused",
  "en attente": "pending_approval",
  "en attente de validation": "pending_approval",
  pending: "pending_approval",
  pendiente: "pending_approval",
  rejete: "rejected",
  confirme: "confirmed",
  confirmado: "confirmed",
  annule: "cancelled",
  cancelado: "cancelled",
  canceled: "cancelled",
  "a voir": "to_be_seen",
  "por ver": "to_be_seen",
};

function guestValue(target: string, raw: string): unknown {
  if (target === "civility") return civilityWords[words(raw)] ?? raw;
  if (target === "status") {
    const key = words(raw);
    return statusWords[key] ?? key.replaceAll(" ", "_");
  }
  if (target === "companionsExpected") return /^\d+$/.test(raw) ? Number(raw) : raw;
  return raw;
}

const choiceOf = (field: CustomFieldRow, raw: string) => {
  const key = words(raw);
  return field.choices.find((choice) => choice.id === raw || words(choice.label) === key)?.id ?? raw;
};

/**
 * A cell as the custom field stores it: numbers with a decimal comma, French dates (DD/MM/YYYY), "9h30", choices by
 * label. What cannot be read is passed on as typed, so the field's own rule refuses it with its own message.
 */
function customValue(field: CustomFieldRow, raw: string): CustomFieldValue {
  switch (field.type) {
    case "number": {
      const number = Number(raw.replace(/\s/g, "").replace(",", "."));
      return raw.trim() !== "" && Number.isFinite(number) ? number : raw;
    }
    case "multiple_choice":
      return raw
        .split(/[;,|]/)
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => choiceOf(field, part));
    case "unique_choice":
    case "dropdown":
      return choiceOf(field, raw);
    case "date": {
      const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
      if (french) return `${french[3]}-${french[2]?.padStart(2, "0")}-${french[1]?.padStart(2, "0")}`;
      return /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(raw) ? raw.slice(0, 10) : raw;
    }
    case "time": {
      const time = /^(\d{1,2})[:hH](\d{2})(:\d{2})?$/.exec(raw);
      return time ? `${time[1]?.padStart(2, "0")}:${time[2]}` : raw;
    }
    default:
      return raw;
  }
}

/** Reads the rows of one import with its mapping, and says why a row is refused in the creator's language. */
export function createRowReader(
  columns: string[],
  mapping: ImportMapping,
  fields: CustomFieldRow[],
  language: Language,
) {
  const fieldsById = new Map(fields.map((field) => [field.id, field]));
  const targets = Object.entries(mapping).map(([column, target]) => ({ index: Number(column), target }));
  /** Who a refusal names: the file's column, or the custom field when no column fills it. */
  const labels = new Map<string, string>();
  for (const field of fields) labels.set(`customFields.${field.id}`, field.name);
  for (const { index, target } of targets) {
    const path = target.startsWith(customFieldTargetPrefix)
      ? `customFields.${target.slice(customFieldTargetPrefix.length)}`
      : target;
    labels.set(path, columns[index] ?? target);
  }

  const refuse = (path: string, message: CodedMessage): { ok: false; reason: string } => {
    const text = translate(message.code, language, ...(message.values ?? []));
    const label = labels.get(path);
    return { ok: false, reason: label ? `${label}: ${text}` : text };
  };

  const fromAppError = (error: unknown): { ok: false; reason: string } => {
    if (!(error instanceof AppError)) throw error;
    const [path, message] = Object.entries(error.options.fields ?? {})[0] ?? ["", { code: error.code as MessageCode }];
    return refuse(path, message);
  };

  /** The same rules as POST users: the contract's schema, then the phone rule. */
  function read(row: FileRow): Outcome<MappedRow> {
    const input: Record<string, unknown> = {};
    const custom: Values = {};
    for (const { index, target } of targets) {
      const raw = (row.cells[index] ?? "").trim();
      if (raw === "") continue;
      if (target.startsWith(customFieldTargetPrefix)) {
        const field = fieldsById.get(target.slice(customFieldTargetPrefix.length));
        if (field) custom[field.id] = customValue(field, raw);
      } else {
        input[target] = guestValue(target, raw);
      }
    }
    const parsed = guestUpdateBody.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      const [issue] = parsed.error.issues as (z.core.$ZodIssue & { input?: unknown })[];
      if (!issue) return refuse("", { code: "FIELD_INVALID" });
      const message = isMessageCode(issue.message) ? { code: issue.message } : messageOfZodIssue(issue);
      return refuse(String(issue.path[0] ?? ""), message);
    }
    const { customFields: _none, ...changes } = parsed.data;
    if (changes.phone && !isPhoneNumber(changes.phone)) return refuse("phone", { code: "PHONE_INVALID" });
    // A row without an email always makes a new guest (rows meet existing guests by email): it needs a last name.
    if (!hasEmailOrLastName(changes)) return refuse("lastName", { code: "GUEST_EMAIL_OR_LAST_NAME_REQUIRED" });
    return { ok: true, value: { line: row.line, cells: row.cells, email: changes.email ?? null, changes, custom } };
  }

  /** Custom answers over `current` with the fields' rules; a new guest must answer every required field. */
  function mergeCustom(current: Values, changes: Values, creating: boolean): Outcome<Values> {
    try {
      return { ok: true, value: mergeCustomValues(fields, current, changes, { creating }) };
    } catch (error) {
      return fromAppError(error);
    }
  }

  return { read, mergeCustom };
}

/** The defaults POST users gives the fields a row leaves empty. */
export const newGuestDefaults = () => guestValuesSchema.parse({});
