import { z } from "zod";
import { commaList, emailSchema, idSchema, listOf } from "./common.js";

/* SPEC §4 Guest status and Guest mail status, exactly as listed there. */
export const guestStatuses = [
  "not_responded",
  "refused",
  "pending_approval",
  "rejected",
  "confirmed",
  "cancelled",
  "to_be_seen",
] as const;
export const guestStatusSchema = z.enum(guestStatuses);
export type GuestStatus = z.infer<typeof guestStatusSchema>;

export const mailStatuses = [
  "queued",
  "pending",
  "sent",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "blocked",
  "bounce",
  "error",
] as const;
export const mailStatusSchema = z.enum(mailStatuses);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** Where a guest came from. */
export const createdSources = ["admin", "import", "api", "registration", "recommendation", "companion"] as const;
export const createdSourceSchema = z.enum(createdSources);

export const civilities = ["mr", "mrs", "mx"] as const;
export const civilitySchema = z.enum(civilities);

/* SPEC §3 Custom field types. */
export const customFieldTypes = [
  "short_text",
  "long_text",
  "unique_choice",
  "dropdown",
  "multiple_choice",
  "date",
  "time",
  "number",
  "phone",
  "fr_identity_card",
  "passport",
  "file",
] as const;
export const customFieldTypeSchema = z.enum(customFieldTypes);
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;
/** Types whose value is one or several of the field's choices. */
export const choiceFieldTypes: readonly CustomFieldType[] = ["unique_choice", "dropdown", "multiple_choice"];

export const eventScopeParams = z.object({ account: idSchema, event: idSchema });
export const guestParams = eventScopeParams.extend({ id: idSchema });

const text = (max: number) => z.string().trim().max(max);

export const customFieldChoiceSchema = z.object({
  id: z.string().min(1).max(40),
  label: text(200).min(1, "FIELD_REQUIRED"),
});

export const customFieldBody = z.object({
  name: text(100).min(1, "FIELD_REQUIRED"),
  type: customFieldTypeSchema,
  required: z.boolean().default(false),
  /** Choices of unique choice, drop-down list and multiple choice fields. */
  choices: z.array(customFieldChoiceSchema).max(200).default([]),
  /** Bounds of number fields (SPEC §5: not too small, not too big, not negative unless min allows it). */
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
});
export type CustomFieldBody = z.infer<typeof customFieldBody>;
/** Partial edit of a custom field: only the fields sent change. */
export const customFieldUpdateBody = z
  .object({
    name: customFieldBody.shape.name,
    type: customFieldTypeSchema,
    required: z.boolean(),
    choices: customFieldBody.shape.choices.removeDefault(),
    min: customFieldBody.shape.min.removeDefault(),
    max: customFieldBody.shape.max.removeDefault(),
  })
  .partial();
export type CustomFieldUpdateBody = z.infer<typeof customFieldUpdateBody>;

export const customFieldSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  type: customFieldTypeSchema,
  required: z.boolean(),
  choices: z.array(customFieldChoiceSchema),
  min: z.number().nullable(),
  max: z.number().nullable(),
  position: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldList = listOf(customFieldSchema);
export const customFieldParams = eventScopeParams.extend({ id: idSchema });
export const customFieldReorderBody = z.object({ ids: z.array(idSchema).min(1, "FIELD_REQUIRED") });

/**
 * A custom field value as stored and sent: text for text, date (YYYY-MM-DD), time (HH:MM), phone, identity and
 * choice fields (the choice id); an array of choice ids for multiple choice; a number for number fields; a stored
 * file's id for file fields.
 */
export const customFieldValueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.array(z.string()).max(200),
  z.null(),
]);
export const customFieldValuesSchema = z.record(z.string(), customFieldValueSchema);

const guestFields = {
  firstName: text(100).default(""),
  lastName: text(100).default(""),
  civility: civilitySchema.nullable().default(null),
  email: emailSchema
    .nullable()
    .or(z.literal("").transform(() => null))
    .default(null),
  company: text(200).default(""),
  jobTitle: text(200).default(""),
  phone: text(30).default(""),
  status: guestStatusSchema.default("not_responded"),
  companionsExpected: z.number().int().min(0, "NUMBER_TOO_SMALL").max(100, "NUMBER_TOO_BIG").default(0),
  namelessCompanions: z.number().int().min(0, "NUMBER_TOO_SMALL").max(100, "NUMBER_TOO_BIG").default(0),
  prescriber: text(200).default(""),
  registered: z.boolean().default(false),
  customFields: customFieldValuesSchema.default({}),
  /** A named companion: the guest who brings them. */
  hostId: idSchema.nullable().default(null),
  /** Sponsorship (SPEC §1): the godfather of this guest, a guest of the same event. */
  godfatherId: idSchema.nullable().default(null),
};

/**
 * A guest is someone the organizer can find in the list or write to: at least an email or a last name. Checked on
 * the values a guest ends with (the server merges a partial edit with the stored guest before asking).
 */
export const hasEmailOrLastName = (guest: { email?: string | null; lastName?: string }) =>
  Boolean(guest.email) || Boolean(guest.lastName?.trim());

/** The refusal under both inputs, for the form to show beside either one. */
function requireEmailOrLastName(guest: { email?: string | null; lastName?: string }, context: z.RefinementCtx) {
  if (hasEmailOrLastName(guest)) return;
  for (const path of ["lastName", "email"]) {
    context.addIssue({ code: "custom", message: "GUEST_EMAIL_OR_LAST_NAME_REQUIRED", path: [path] });
  }
}

/** Every field of a guest with its default, without the identity rule: what a new guest starts from. */
export const guestValuesSchema = z.object(guestFields);
export const guestCreateBody = guestValuesSchema.superRefine(requireEmailOrLastName);
export type GuestCreateBody = z.infer<typeof guestCreateBody>;

/** Partial edit: only the fields sent change (no defaults fill the others). */
export const guestUpdateBody = z
  .object(
    Object.fromEntries(Object.entries(guestFields).map(([key, schema]) => [key, schema.removeDefault()])) as {
      [K in keyof typeof guestFields]: ReturnType<(typeof guestFields)[K]["removeDefault"]>;
    },
  )
  .partial()
  // An edit that sends both fields (the guest's form does) is checked here; one that sends one of them, by the server.
  .superRefine((body, context) => {
    if ("email" in body && "lastName" in body) requireEmailOrLastName(body, context);
  });
export type GuestUpdateBody = z.infer<typeof guestUpdateBody>;

export const guestSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  civility: civilitySchema.nullable(),
  email: z.string().nullable(),
  company: z.string(),
  jobTitle: z.string(),
  phone: z.string(),
  status: guestStatusSchema,
  mailStatus: mailStatusSchema.nullable(),
  companionsExpected: z.number().int(),
  namelessCompanions: z.number().int(),
  prescriber: z.string(),
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  customFields: customFieldValuesSchema,
  hostId: z.string().nullable(),
  godfatherId: z.string().nullable(),
  /** Guests whose godfather this guest is. */
  godsonIds: z.array(z.string()),
  /** Named companions brought by this guest. */
  companionIds: z.array(z.string()),
  createdSource: createdSourceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Guest = z.infer<typeof guestSchema>;
/** A page of the list; `nextCursor` asks for the page after it (null on the last page). */
export const guestList = listOf(guestSchema).extend({ nextCursor: z.string().nullable() });

export const guestSortColumns = [
  "lastName",
  "firstName",
  "email",
  "company",
  "jobTitle",
  "status",
  "mailStatus",
  "createdAt",
  "updatedAt",
  "registeredAt",
] as const;

/** Combinable filters; `customField` is `fieldId:value`, repeatable, joined by `|` between fields. */
export const guestListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** The page that many guests down the list: its cost grows with the offset, where the cursor's does not. */
  offset: z.coerce.number().int().min(0).default(0),
  /** The page after the one that gave this `nextCursor`, under the same sort and direction (the offset is ignored). */
  cursor: z.string().max(500).optional(),
  query: z.string().trim().max(200).optional(),
  status: commaList(guestStatusSchema),
  mailStatus: commaList(mailStatusSchema),
  createdSource: commaList(createdSourceSchema),
  registered: z.enum(["true", "false"]).optional(),
  hasCompanions: z.enum(["true", "false"]).optional(),
  hasSponsorship: z.enum(["true", "false"]).optional(),
  customField: z.string().max(2000).optional(),
  sort: z.enum(guestSortColumns).default("lastName"),
  direction: z.enum(["asc", "desc"]).default("asc"),
});
export type GuestListQuery = z.input<typeof guestListQuery>;

/** POST users/{id}... customfields: sets some custom field values of one guest. */
export const guestCustomFieldsBody = z.object({ userId: idSchema, values: customFieldValuesSchema });
export const deleteGuestsBody = z.object({ ids: z.array(idSchema).min(1, "FIELD_REQUIRED").max(10_000) });
export const deleteGuestsResult = z.object({ deleted: z.number().int(), notDeleted: z.array(z.string()) });
