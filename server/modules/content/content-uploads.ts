import type { z } from "zod";
import { isMessageCode, messageOfZodIssue } from "../../../contract/error-messages.js";
import type { AppContext } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import type { receiveMultipart, Upload } from "../../platform/file-store.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent } from "../events/events.visibility.js";
import { requireMiscModule } from "./content-modules.js";

/* What the uploads of an event's content (documents, photos) share: one file per request, with text fields. */

/**
 * The multipart text fields of an upload, checked by `schema`: the first refusal answers 400 on its field, as a JSON
 * body's would.
 */
export function parseUploadFields<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const message = !issue
    ? { code: "FIELD_INVALID" as const, values: [] }
    : isMessageCode(issue.message)
      ? { code: issue.message, values: [] }
      : messageOfZodIssue(issue);
  throw fieldError(issue?.path.join(".") || "body", message.code, ...(message.values ?? []));
}

/**
 * Reads an upload of the event's miscellaneous content: the caller's right to change the event and the `misc` module
 * are checked before the bytes are read, so neither one without the right nor a refused upload costs megabytes.
 */
export async function receiveContentUpload(
  context: AppContext,
  caller: Caller,
  eventId: string,
  receive: (maxBytes: number) => ReturnType<typeof receiveMultipart>,
  maxBytes: number,
): Promise<{ event: EventRow; fields: Record<string, string>; upload: Upload }> {
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  requireMiscModule(event);
  const { fields, upload } = await receive(maxBytes);
  if (!upload) throw fieldError("file", "FIELD_REQUIRED");
  return { event, fields, upload };
}

/**
 * An uploaded file's name as a download gives it back: its last segment (a browser may send a path, a hostile client
 * `../../etc/passwd`), without control characters, at most 200 characters; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  const cleaned = last
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}
