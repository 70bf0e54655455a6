import { z } from "zod";
import { campaignSubjectMax } from "./campaigns.js";
import { emailSchema, languageSchema } from "./common.js";
import { eventScopeParams } from "./guests.js";

/**
 * SPEC §2 "auto-mail settings" (issue 19): the mails an event sends by itself. The confirmation after a registration,
 * a reminder N days before the start, a thank-you N days after the end (the start when there is no end).
 */
export const autoMailKinds = ["confirmation", "reminder", "thank_you"] as const;
export const autoMailKindSchema = z.enum(autoMailKinds);
export type AutoMailKind = z.infer<typeof autoMailKindSchema>;

/** The kinds sent by the hourly job, each once per guest; the confirmation answers each registration. */
export const scheduledAutoMailKinds = ["reminder", "thank_you"] as const satisfies readonly AutoMailKind[];

/**
 * What a subject or body may hold, replaced per guest: the campaign merge tags a transactional mail can fill
 * (`registration_link` is the guest's member area, where they see or change their registration) and the event's name.
 */
export const autoMailMergeTags = ["first_name", "last_name", "registration_link", "event_name"] as const;
export type AutoMailMergeTag = (typeof autoMailMergeTags)[number];

export const autoMailBodyMax = 10_000;
/** Days before the start (reminder) or after the end (thank-you). */
export const autoMailDaysMax = 365;

/** A language's subject and body: plain paragraphs separated by blank lines, with merge tags. */
export const autoMailTextSchema = z.object({
  subject: z.string().trim().min(1, "FIELD_REQUIRED").max(campaignSubjectMax, "CAMPAIGN_SUBJECT_TOO_LONG"),
  body: z.string().trim().min(1, "FIELD_REQUIRED").max(autoMailBodyMax),
});
export type AutoMailText = z.infer<typeof autoMailTextSchema>;

export const autoMailSchema = z.object({
  kind: autoMailKindSchema,
  enabled: z.boolean(),
  /** Null for the confirmation, which leaves at the registration. */
  days: z.number().int().nullable(),
  /** Every language, the organizer's text or the default one. */
  texts: z.record(languageSchema, autoMailTextSchema),
  /** The languages whose text the organizer wrote (the others read the default). */
  customized: z.array(languageSchema),
  /** Guests the reminder or thank-you went to; 0 for the confirmation. */
  sent: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AutoMail = z.infer<typeof autoMailSchema>;
export const autoMailList = z.object({ items: z.array(autoMailSchema) });

/** An update: languages left out keep their text; `reset` languages go back to the default text. */
export const autoMailUpdateBody = z.object({
  enabled: z.boolean(),
  days: z.number("NUMBER_INVALID").int("NUMBER_INVALID").min(0).max(autoMailDaysMax).optional(),
  texts: z.partialRecord(languageSchema, autoMailTextSchema).default({}),
  reset: z.array(languageSchema).max(3).default([]),
});
export type AutoMailUpdateBody = z.infer<typeof autoMailUpdateBody>;

export const autoMailParams = eventScopeParams.extend({ kind: autoMailKindSchema });
export const autoMailPreviewParams = autoMailParams.extend({ language: languageSchema });

export const autoMailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type AutoMailPreview = z.infer<typeof autoMailPreviewSchema>;

/** A test send: the saved text (or the one being edited, when given) to any address, filled with sample values. */
export const autoMailTestBody = z.object({
  email: emailSchema,
  language: languageSchema,
  text: autoMailTextSchema.optional(),
});

/** `POST /automails`: several kinds saved together. */
export const autoMailsUpdateBody = z.object({
  items: z
    .array(autoMailUpdateBody.extend({ kind: autoMailKindSchema }))
    .min(1, "FIELD_REQUIRED")
    .max(autoMailKinds.length),
});
