import type { CodedMessage } from "../../../../contract/error-messages.js";
import {
  customFieldTargetPrefix,
  type ImportGuestField,
  type ImportMapping,
  importGuestFields,
} from "../../../../contract/guest-imports.js";
import { AppError, fieldError } from "../../../platform/errors.js";
import type { CustomFieldRow } from "../custom-field-values.js";
import { searchable } from "../guests.list.js";

/** "Prénom", "PRENOM" and "pré-nom" all read "prenom". */
const headerKey = (header: string) => searchable(header).replace(/[^a-z0-9]/g, "");

/** Header names in fr, en and es for each guest field, written as `headerKey` reads them. */
const synonyms: Record<ImportGuestField, string[]> = {
  firstName: ["prenom", "firstname", "first", "givenname", "nombre"],
  lastName: ["nom", "nomdefamille", "lastname", "surname", "familyname", "apellido", "apellidos"],
  email: ["email", "mail", "courriel", "adresseemail", "adressemail", "emailaddress", "correo", "correoelectronico"],
  company: ["societe", "entreprise", "organisation", "company", "organization", "empresa", "organizacion"],
  jobTitle: ["fonction", "poste", "jobtitle", "position", "cargo", "puesto"],
  phone: ["telephone", "tel", "portable", "mobile", "phone", "phonenumber", "telefono", "movil"],
  civility: ["civilite", "title", "salutation", "tratamiento"],
  status: ["statut", "status", "estado"],
  companionsExpected: ["accompagnants", "nombredaccompagnants", "companions", "acompanantes"],
  prescriber: ["prescripteur", "prescriber", "prescriptor"],
};

const fieldOfKey = new Map(
  Object.entries(synonyms).flatMap(([field, keys]) => keys.map((key) => [key, field as ImportGuestField])),
);

/**
 * The mapping the Match fields step starts from: a custom field whose name is the header first (the organizer named
 * it so), then the guest field of a known header. Each target is offered to one column only, the leftmost.
 */
export function suggestMapping(columns: string[], fields: CustomFieldRow[]): ImportMapping {
  const customOfKey = new Map(fields.map((field) => [headerKey(field.name), `${customFieldTargetPrefix}${field.id}`]));
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  columns.forEach((column, index) => {
    const key = headerKey(column);
    const target = customOfKey.get(key) ?? fieldOfKey.get(key);
    if (target && !used.has(target)) {
      used.add(target);
      mapping[String(index)] = target;
    }
  });
  return mapping;
}

/** Refuses a mapping naming a column the file lacks, an unknown target, or one target for two columns. */
export function checkMapping(mapping: ImportMapping, columnCount: number, fields: CustomFieldRow[]): void {
  const known = new Set<string>([
    ...importGuestFields,
    ...fields.map((field) => `${customFieldTargetPrefix}${field.id}`),
  ]);
  if (Object.keys(mapping).length === 0) throw fieldError("mapping", "FIELD_REQUIRED");
  const errors: Record<string, CodedMessage> = {};
  const seen = new Set<string>();
  for (const [column, target] of Object.entries(mapping)) {
    const key = `mapping.${column}`;
    if (Number(column) >= columnCount || !known.has(target)) errors[key] = { code: "IMPORT_TARGET_UNKNOWN" };
    else if (seen.has(target)) errors[key] = { code: "IMPORT_TARGET_TWICE" };
    seen.add(target);
  }
  const codes = Object.values(errors);
  const [first] = codes;
  if (first) {
    const headline = codes.every((error) => error.code === first.code) ? first.code : "VALIDATION";
    throw new AppError(400, headline, { fields: errors });
  }
}
