import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  MemberSharedFile,
  SharedFile,
  SharedFileState,
  sharedFileCreateBody,
  sharedFileListQuery,
  sharedFileNotifyBody,
} from "../../../contract/shared-files.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, notFound } from "../../platform/errors.js";
import { type FileKind, storeUpload, type Upload } from "../../platform/file-store.js";
import { storedFiles } from "../../platform/files.tables.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { recordAudit } from "../audit/audit.service.js";
import { assertNotRejected } from "../campaigns/error-mails/error-mails.service.js";
import { memberAreaUrl } from "../events/event-links.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent } from "../events/events.visibility.js";
import { formSubmissions, forms } from "../forms/forms.tables.js";
import { guests } from "../guests/guests.tables.js";
import type { Member } from "../guests/member-sessions.js";
import { sharedFileMail } from "./shared-files.mails.js";
import { sharedFiles } from "./shared-files.tables.js";

/*
 * SPEC §7 sharedfiles: a file the organizer shares with one guest of the event. Created for the guest, then uploaded
 * (replaceable), renamed, notified by mail; the guest downloads it from the member area, which records the download.
 * Read with events.read, changed with events.update (SPEC §6); every change audited in its transaction.
 */

/** What a shared file may hold, read from its bytes: documents and pictures, never a page, a script or a program. */
const acceptedKinds: readonly FileKind[] = ["pdf", "jpeg", "png", "gif", "webp", "zip"];
const purpose = "content.shared_file";

type SharedFileRow = typeof sharedFiles.$inferSelect;

const columns = {
  row: sharedFiles,
  guest: { id: guests.id, firstName: guests.firstName, lastName: guests.lastName, email: guests.email },
  file: { name: storedFiles.name, size: storedFiles.size, contentType: storedFiles.contentType },
};

function stateOf(row: SharedFileRow): SharedFileState {
  if (row.lastDownloadedAt) return "downloaded";
  if (row.lastNotifiedAt) return "notified";
  return row.fileId ? "uploaded" : "created";
}

type Joined = {
  row: SharedFileRow;
  guest: SharedFile["guest"];
  file: { name: string; size: number; contentType: string } | null;
};

const view = ({ row, guest, file }: Joined): SharedFile => ({
  id: row.id,
  eventId: row.eventId,
  name: row.name,
  guest,
  file: row.fileId ? file : null,
  state: stateOf(row),
  lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
  lastDownloadedAt: row.lastDownloadedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const joined = (executor: Executor) =>
  executor
    .select(columns)
    .from(sharedFiles)
    .innerJoin(guests, eq(guests.id, sharedFiles.guestId))
    .leftJoin(storedFiles, eq(storedFiles.id, sharedFiles.fileId));

async function readJoined(executor: Executor, eventId: string, id: string): Promise<SharedFile> {
  const [found] = await joined(executor).where(and(eq(sharedFiles.id, id), eq(sharedFiles.eventId, eventId)));
  if (!found) throw notFound();
  return view(found);
}

/** The row, locked for the change under way (two uploads or a notify and a delete never interleave). */
async function lockRow(executor: Executor, eventId: string, id: string): Promise<SharedFileRow> {
  const [row] = await executor
    .select()
    .from(sharedFiles)
    .where(and(eq(sharedFiles.id, id), eq(sharedFiles.eventId, eventId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

const filters: Record<z.infer<typeof sharedFileListQuery>["state"] & string, SQL> = {
  created: isNull(sharedFiles.fileId),
  uploaded: isNotNull(sharedFiles.fileId),
  notified: isNotNull(sharedFiles.lastNotifiedAt),
  not_notified: and(isNotNull(sharedFiles.fileId), isNull(sharedFiles.lastNotifiedAt)) as SQL,
  downloaded: isNotNull(sharedFiles.lastDownloadedAt),
  not_downloaded: and(isNotNull(sharedFiles.fileId), isNull(sharedFiles.lastDownloadedAt)) as SQL,
};

function audit(
  executor: Executor,
  { access, ip }: Caller,
  row: { id: string; eventId: string },
  change: string,
  values: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAudit(
    executor,
    access.principal,
    {
      accountId: access.accountId,
      eventId: row.eventId,
      action: `content.shared_file.${change}`,
      targetType: "shared_file",
      targetId: row.id,
      ...values,
    },
    ip,
  );
}

/**
 * An uploaded file's name as it is kept: its last path segment (a browser may send `C:\\Users\\…\\report.pdf`, a
 * hostile client `../../report.pdf`), without control characters, at most 200 characters; "file" when nothing is left.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, 200) || "file";
}

/**
 * The guest's language, as the auto-mails pick it: the one they registered in, else the event's preferred one.
 */
async function guestLanguage(executor: Executor, event: EventRow, guestId: string): Promise<Language> {
  const [registration] = await executor
    .select({ language: formSubmissions.language })
    .from(formSubmissions)
    .innerJoin(forms, eq(forms.id, formSubmissions.formId))
    .where(and(eq(formSubmissions.guestId, guestId), eq(forms.eventId, event.id), eq(forms.type, "registration")))
    .orderBy(desc(formSubmissions.updatedAt))
    .limit(1);
  const language = registration?.language ?? event.preferredLanguage;
  return isLanguage(language) ? language : "en";
}

export async function listSharedFiles(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: z.infer<typeof sharedFileListQuery>,
) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const where = and(
    eq(sharedFiles.eventId, event.id),
    query.user_id ? eq(sharedFiles.guestId, query.user_id) : undefined,
    query.state ? filters[query.state] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(context.db)
      .where(where)
      .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id))
      .limit(query.limit)
      .offset(query.offset),
    context.db.select({ total: count() }).from(sharedFiles).where(where),
  ]);
  return { items: rows.map(view), total: total?.total ?? 0 };
}

export async function getSharedFile(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return readJoined(context.db, event.id, id);
}

export async function createSharedFile(
  context: AppContext,
  caller: Caller,
  eventId: string,
  body: z.infer<typeof sharedFileCreateBody>,
) {
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  return context.db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: guests.id })
      .from(guests)
      .where(and(eq(guests.id, body.user_id), eq(guests.eventId, event.id)));
    if (!guest) throw fieldError("user_id", "SHARED_FILE_GUEST_INVALID");
    const [row] = await tx
      .insert(sharedFiles)
      .values({ eventId: event.id, guestId: guest.id, name: body.name ?? "" })
      .returning();
    if (!row) throw new Error("shared file row not returned");
    await audit(tx, caller, row, "created", { after: { guestId: row.guestId, name: row.name } });
    return readJoined(tx, event.id, row.id);
  });
}

/**
 * Keeps the uploaded file in place of the previous one, whose bytes go once the change is committed. A new file has
 * been neither notified nor downloaded: both dates start again. The file takes the upload's name when it has none.
 */
export async function uploadSharedFile(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  receive: () => Promise<Upload>,
) {
  // Checked before the bytes are read, so a caller without the right never has 15 MB taken from them.
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  await readJoined(context.db, event.id, id);
  const received = await receive();
  const upload = { ...received, fileName: safeFileName(received.fileName) };
  const { answer, replacedKey } = await context.db.transaction(async (tx) => {
    const before = await lockRow(tx, event.id, id);
    const file = await storeUpload(context.files, tx, { eventId: event.id, purpose, upload, accepted: acceptedKinds });
    const name = before.name || file.name;
    await tx
      .update(sharedFiles)
      .set({ fileId: file.id, name, lastNotifiedAt: null, lastDownloadedAt: null, updatedAt: new Date() })
      .where(eq(sharedFiles.id, id));
    const [replaced] = before.fileId
      ? await tx.delete(storedFiles).where(eq(storedFiles.id, before.fileId)).returning({ key: storedFiles.storageKey })
      : [];
    await audit(tx, caller, before, "uploaded", {
      after: { name, file: file.name, size: file.size, contentType: file.contentType },
    });
    return { answer: await readJoined(tx, event.id, id), replacedKey: replaced?.key };
  });
  if (replacedKey) await context.files.remove(replacedKey);
  return answer;
}

export async function renameSharedFile(context: AppContext, caller: Caller, eventId: string, id: string, name: string) {
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  return context.db.transaction(async (tx) => {
    const before = await lockRow(tx, event.id, id);
    if (before.name !== name) {
      await tx.update(sharedFiles).set({ name, updatedAt: new Date() }).where(eq(sharedFiles.id, id));
      await audit(tx, caller, before, "renamed", { before: { name: before.name }, after: { name } });
    }
    return readJoined(tx, event.id, id);
  });
}

export async function deleteSharedFile(context: AppContext, caller: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  const removedKey = await context.db.transaction(async (tx) => {
    const before = await lockRow(tx, event.id, id);
    await tx.delete(sharedFiles).where(eq(sharedFiles.id, id));
    const [file] = before.fileId
      ? await tx.delete(storedFiles).where(eq(storedFiles.id, before.fileId)).returning({ key: storedFiles.storageKey })
      : [];
    await audit(tx, caller, before, "deleted", { before: { guestId: before.guestId, name: before.name } });
    return file?.key;
  });
  // After the commit: a rolled-back delete must still find its bytes.
  if (removedKey) await context.files.remove(removedKey);
  return { ok: true as const };
}

/**
 * Mails the guest that the file waits in their member area, queued in the transaction that sets the last
 * notification (the outbox delivers it even if this process dies right after). Refused before the upload, and for a
 * guest without an address or whose address the account's mails bounced from.
 */
export async function notifySharedFile(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: z.infer<typeof sharedFileNotifyBody>,
) {
  if (body.sharedFileId && body.sharedFileId !== id) throw fieldError("sharedFileId", "FIELD_INVALID");
  const event = await requireEvent(context.db, caller.access, eventId, "events.update");
  const answer = await context.db.transaction(async (tx) => {
    const before = await lockRow(tx, event.id, id);
    if (!before.fileId) throw new AppError(409, "SHARED_FILE_NOT_UPLOADED");
    const [guest] = await tx.select().from(guests).where(eq(guests.id, before.guestId));
    const email = guest?.email?.trim();
    if (!guest || !email) throw new AppError(409, "SHARED_FILE_GUEST_NO_EMAIL");
    await assertNotRejected(tx, event.accountId, email);
    const language = await guestLanguage(tx, event, guest.id);
    const url = memberAreaUrl(context.config.publicUrl, language, event.slug);
    const mail = sharedFileMail(language, { url, fileName: before.name, event });
    await context.mailer.enqueue(tx, {
      to: email,
      template: "content.shared_file",
      language,
      accountId: event.accountId,
      eventId: event.id,
      guestId: guest.id,
      ...mail,
    });
    const [after] = await tx
      .update(sharedFiles)
      .set({ lastNotifiedAt: sql`now()` })
      .where(eq(sharedFiles.id, id))
      .returning();
    await audit(tx, caller, before, "notified", {
      after: { email, language, lastNotifiedAt: after?.lastNotifiedAt?.toISOString() },
    });
    return readJoined(tx, event.id, id);
  });
  await context.mailer.kick();
  return answer;
}

/** The member area's list: the files shared with this guest that hold a file, newest first. */
export async function memberSharedFiles(context: AppContext, member: Member): Promise<{ items: MemberSharedFile[] }> {
  const rows = await context.db
    .select({ row: sharedFiles, file: columns.file })
    .from(sharedFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, sharedFiles.fileId))
    .where(and(eq(sharedFiles.guestId, member.guest.id), eq(sharedFiles.eventId, member.event.id)))
    .orderBy(desc(sharedFiles.updatedAt), desc(sharedFiles.id));
  return {
    items: rows.map(({ row, file }) => ({
      id: row.id,
      name: row.name,
      size: file.size,
      contentType: file.contentType,
      sharedAt: row.updatedAt.toISOString(),
      lastDownloadedAt: row.lastDownloadedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The guest's download of one of their files: records it as the last download and answers the bytes. Another guest's
 * file, one not uploaded yet or of another event answers 404 alike.
 */
export async function memberDownloadSharedFile(context: AppContext, member: Member, id: string) {
  const [found] = await context.db
    .update(sharedFiles)
    .set({ lastDownloadedAt: sql`now()` })
    .from(storedFiles)
    .where(
      and(
        eq(sharedFiles.id, id),
        eq(sharedFiles.guestId, member.guest.id),
        eq(sharedFiles.eventId, member.event.id),
        eq(storedFiles.id, sharedFiles.fileId),
      ),
    )
    .returning({ name: sharedFiles.name, contentType: storedFiles.contentType, storageKey: storedFiles.storageKey });
  if (!found) throw notFound();
  return { name: found.name, contentType: found.contentType, stream: context.files.read(found.storageKey) };
}
