import { z } from "zod";
import { captchaSolutionSchema } from "./captcha.js";
import { emailSchema, idSchema, languageSchema, listOf, listQuery } from "./common.js";
import { eventScopeParams } from "./guests.js";

/** SPEC §7 messages: what guests and visitors write to the organizer through the public contact form. */
export const messageSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  language: languageSchema,
  /** The guest of the event who has the sender's email, when there is one. */
  guestId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageList = listOf(messageSchema);

export const messageListQuery = listQuery.extend({
  /** Words searched in the sender's name and email, the subject and the text. */
  query: z.string().trim().max(200).optional(),
  unread: z.enum(["true", "false"]).optional(),
});

export const unreadCountSchema = z.object({ count: z.number().int() });
export const messageParams = eventScopeParams.extend({ id: idSchema });

/** POST {id}/read marks the message read, or unread again with `{ read: false }`; a call without a body reads. */
export const markReadBody = z.object({ read: z.boolean().default(true) }).nullish();

const text = (max: number) => z.string().trim().max(max);

/** The fields a visitor fills in; the browser checks them with the server's rules before solving the captcha. */
export const contactFormSchema = z.object({
  name: text(100).min(1, "FIELD_REQUIRED"),
  email: emailSchema,
  /** SPEC §9: a subject has at most 80 characters. */
  subject: text(80).optional(),
  message: text(5000).min(1, "FIELD_REQUIRED"),
  /** SPEC §5: the contact form requires privacy acceptance. */
  privacyAccepted: z.boolean("PRIVACY_REQUIRED").refine((accepted) => accepted, "PRIVACY_REQUIRED"),
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** Public POST /public/events/{slug}/contact: the form and its solved captcha (SPEC §5). */
export const contactBody = contactFormSchema.extend({ captcha: captchaSolutionSchema });
export type ContactBody = z.input<typeof contactBody>;

export const contactParams = z.object({ slug: z.string().min(1).max(200) });
