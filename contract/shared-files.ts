import { z } from "zod";
import { idSchema, listOf, listQuery } from "./common.js";
import { eventScopeParams } from "./guests.js";
import { publicEventParams } from "./public.js";

/** SPEC §9 "other files 15 MB". */
export const sharedFileMaxBytes = 15 * 1024 * 1024;

/**
 * A shared file's name, as the guest's download will be called: one line, no folder in it (a name such as
 * `../report.pdf` would be a path on some systems), no control characters.
 */
export const sharedFileName = z
  .string()
  .trim()
  .min(1, "FIELD_REQUIRED")
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), "FIELD_INVALID");

/** SPEC §7 sharedfiles create: a file for one guest of the event (`user_id`, as the spec names it), named now or at upload. */
export const sharedFileCreateBody = z.object({ user_id: idSchema, name: sharedFileName.optional() });
/** SPEC §7 `sharefiles/{id}`: the new name. */
export const sharedFileRenameBody = z.object({ name: sharedFileName });
/** SPEC §7 notify: the spec's callers send the file's id again as `sharedFileId`; when sent, it must be the path's. */
export const sharedFileNotifyBody = z.object({ sharedFileId: idSchema.optional() });

/**
 * SPEC §4: a shared file is created, then uploaded, then notified; notified or not, downloaded or not. `state` is the
 * furthest step it reached; the list filters on a step or on its absence.
 */
export const sharedFileStates = ["created", "uploaded", "notified", "downloaded"] as const;
export type SharedFileState = (typeof sharedFileStates)[number];
export const sharedFileFilters = [...sharedFileStates, "not_notified", "not_downloaded"] as const;
export type SharedFileFilter = (typeof sharedFileFilters)[number];

export const sharedFileListQuery = listQuery.extend({
  user_id: idSchema.optional(),
  state: z.enum(sharedFileFilters).optional(),
});

const fileSchema = z.object({ name: z.string(), size: z.number().int(), contentType: z.string() });

export const sharedFileSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  guest: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  /** The uploaded file (its original name, size and type read from its bytes); null until uploaded. */
  file: fileSchema.nullable(),
  state: z.enum(sharedFileStates),
  lastNotifiedAt: z.string().nullable(),
  lastDownloadedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;
export const sharedFileList = listOf(sharedFileSchema);

/** What the guest sees of a file shared with them in the member area: only uploaded ones. */
export const memberSharedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sharedAt: z.string(),
  lastDownloadedAt: z.string().nullable(),
});
export type MemberSharedFile = z.infer<typeof memberSharedFileSchema>;
export const memberSharedFileList = z.object({ items: z.array(memberSharedFileSchema) });

export const sharedFileParams = eventScopeParams.extend({ id: idSchema });
export const memberSharedFileParams = publicEventParams.extend({ id: idSchema });
