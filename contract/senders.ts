import { z } from "zod";
import { accountItemParams } from "./accounts.js";
import { emailSchema } from "./common.js";

/** SPEC §2 "senders": an account's from-addresses, usable in a campaign once the link mailed to it was followed. */
export const senderSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When the last verification link was mailed (it works for `senderVerificationHours`). */
  verificationSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Sender = z.infer<typeof senderSchema>;
export const senderList = z.object({ items: z.array(senderSchema), total: z.number().int() });

/** How long a verification link works. */
export const senderVerificationHours = 72;

export const senderBody = z.object({
  email: emailSchema,
  /** The name shown beside the address in the guests' mailbox. */
  name: z.string().trim().max(100).default(""),
});
export type SenderBody = z.input<typeof senderBody>;

export const senderParams = accountItemParams;

/** The public verification link: its secret, mailed to the sender's address. */
export const senderVerificationParams = z.object({ token: z.string().min(10).max(200) });
/** What the verification page shows before its button confirms. */
export const senderVerificationSchema = z.object({ email: z.string(), accountName: z.string() });
