import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { isLanguage } from "../../../platform/language.js";
import { recordAudit } from "../../audit/audit.service.js";
import { users } from "../../auth/auth.tables.js";
import { events } from "../../events/events.tables.js";
import { readCustomFields } from "../custom-fields.service.js";
import { searchTextOf } from "../guests.list.js";
import { guests } from "../guests.tables.js";
import type { FileRow } from "./imports.parse.js";
import { createRowReader, type MappedRow, newGuestDefaults } from "./imports.rows.js";
import { guestImportErrors, guestImports, type ImportProgressRow, importProgressColumns } from "./imports.tables.js";
import { type ImportedGuest, insertImportedGuests, updateImportedGuests } from "./imports.write.js";

/**
 * Rows per transaction: a restart resumes after the last committed batch. 5,000 rather than 1,000 made a
 * 100,000-row import on PostgreSQL a third faster (fewer round trips, and the trigram index takes its entries in
 * larger runs), while a restart still redoes only a few seconds of work and the progress bar still moves.
 */
export const importBatchSize = 5000;

const payload = z.object({ importId: z.string().uuid() });
type ImportRow = ImportProgressRow;
type RowReader = ReturnType<typeof createRowReader>;
/** A guest the batch writes; `id` when it is already in the list. */
type PendingGuest = ImportedGuest & { id?: string };

type BatchResult = {
  inserts: PendingGuest[];
  updates: Map<string, ImportedGuest & { id: string }>;
  errors: { rowNumber: number; reason: string; values: string[] }[];
  updated: number;
  skipped: number;
};

/** The guests of the event with one of these emails, locked when the import is to update them. */
function guestsByEmail(tx: Executor, imported: ImportRow, emails: string[]) {
  const query = tx
    .select()
    .from(guests)
    .where(and(eq(guests.eventId, imported.eventId), sql`lower(${guests.email}) = any(${sql.param(emails)}::text[])`));
  return imported.onExistingEmail === "update" ? query.for("update") : query;
}

/**
 * Applies one batch of rows in memory: a row whose email is already a guest (or an earlier row of the batch) is
 * skipped or merged into it as the organizer chose; a refused row becomes a report line; the others are new guests.
 */
async function applyBatch(tx: Executor, imported: ImportRow, reader: RowReader, rows: FileRow[]): Promise<BatchResult> {
  const result: BatchResult = { inserts: [], updates: new Map(), errors: [], updated: 0, skipped: 0 };
  const mapped: MappedRow[] = [];
  for (const row of rows) {
    const outcome = reader.read(row);
    if (outcome.ok) mapped.push(outcome.value);
    else result.errors.push({ rowNumber: row.line, reason: outcome.reason, values: row.cells });
  }
  const emails = [...new Set(mapped.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])))];
  const existing = emails.length === 0 ? [] : await guestsByEmail(tx, imported, emails);
  /** By email: the guest already in the list, or the new guest an earlier row of this batch makes. */
  const known = new Map<string, PendingGuest>(existing.map((guest) => [guest.email?.toLowerCase() ?? "", guest]));
  const update = imported.onExistingEmail === "update";
  const defaults = newGuestDefaults();

  for (const row of mapped) {
    const email = row.email?.toLowerCase();
    const target = email ? known.get(email) : undefined;
    if (target && !update) {
      result.skipped++;
      continue;
    }
    const custom = reader.mergeCustom(target?.customFields ?? {}, row.custom, !target);
    if (!custom.ok) {
      result.errors.push({ rowNumber: row.line, reason: custom.reason, values: row.cells });
      continue;
    }
    const next = { ...(target ?? defaults), ...row.changes, customFields: custom.value };
    const searchText = searchTextOf({
      firstName: next.firstName ?? "",
      lastName: next.lastName ?? "",
      email: next.email ?? null,
      company: next.company ?? "",
    });
    const guest: PendingGuest = { ...next, searchText };
    if (!target) {
      result.inserts.push(guest);
    } else {
      result.updated++;
      if (target.id) result.updates.set(target.id, { ...guest, id: target.id });
      else result.inserts[result.inserts.indexOf(target)] = guest;
    }
    if (email) known.set(email, guest);
  }
  return result;
}

/** Processes the next batch in one transaction with its progress; the last batch also closes the import. */
async function processBatch(context: AppContext, importId: string, file: FileRow[], reader: RowReader) {
  return context.db.transaction(async (tx) => {
    const [imported] = await tx
      .select(importProgressColumns)
      .from(guestImports)
      .where(eq(guestImports.id, importId))
      .for("update");
    if (imported?.status !== "running") return false;
    const end = Math.min(imported.processedRows + importBatchSize, file.length);
    const batch = await applyBatch(tx, imported, reader, file.slice(imported.processedRows, end));
    // A guest added meanwhile with the same email wins: its row counts as skipped.
    const inserted = await insertImportedGuests(tx, imported.eventId, batch.inserts);
    await updateImportedGuests(tx, [...batch.updates.values()]);
    if (batch.errors.length > 0) {
      await tx
        .insert(guestImportErrors)
        .values(batch.errors.map((error) => ({ importId, ...error })))
        .onConflictDoNothing();
    }
    const finished = end >= file.length;
    const [after] = await tx
      .update(guestImports)
      .set({
        processedRows: end,
        createdCount: sql`${guestImports.createdCount} + ${inserted}`,
        updatedCount: sql`${guestImports.updatedCount} + ${batch.updated}`,
        skippedCount: sql`${guestImports.skippedCount} + ${batch.skipped + batch.inserts.length - inserted}`,
        errorCount: sql`${guestImports.errorCount} + ${batch.errors.length}`,
        ...(finished && { status: "completed" as const, finishedAt: new Date(), rows: null }),
      })
      .where(eq(guestImports.id, importId))
      .returning(importProgressColumns);
    if (finished && after) await auditEnd(tx, after, "guests.import.completed");
    return !finished;
  });
}

async function auditEnd(executor: Executor, row: ImportRow, action: string) {
  const [event] = await executor.select({ accountId: events.accountId }).from(events).where(eq(events.id, row.eventId));
  await recordAudit(
    executor,
    { kind: "system", label: "Guest import" },
    {
      accountId: event?.accountId ?? null,
      eventId: row.eventId,
      action,
      targetType: "guestImport",
      targetId: row.id,
      after: {
        fileName: row.fileName,
        createdBy: row.createdBy,
        totalRows: row.totalRows,
        created: row.createdCount,
        updated: row.updatedCount,
        skipped: row.skippedCount,
        refused: row.errorCount,
        ...(row.failureReason && { failureReason: row.failureReason }),
      },
    },
  );
}

/** The whole run of one import, from where the last committed batch left it. */
export async function runImport(context: AppContext, importId: string): Promise<void> {
  const [claimed] = await context.db
    .update(guestImports)
    .set({ status: "running", startedAt: sql`coalesce(${guestImports.startedAt}, now())` })
    .where(and(eq(guestImports.id, importId), inArray(guestImports.status, ["queued", "running"])))
    .returning({ ...importProgressColumns, rows: guestImports.rows });
  // Completed, failed or never started: a repeated or stray job has nothing to do.
  if (!claimed) return;
  try {
    const [creator] = claimed.createdBy
      ? await context.db.select({ language: users.language }).from(users).where(eq(users.id, claimed.createdBy))
      : [];
    const language = isLanguage(creator?.language) ? creator.language : "en";
    // Only an upload made before the rows were kept lacks them: it fails cleanly rather than importing nothing.
    if (!claimed.rows) throw new Error("the rows of the file were not kept at upload: upload it again");
    const fields = await readCustomFields(context.db, claimed.eventId);
    const reader = createRowReader(claimed.columns, claimed.mapping, fields, language);
    while (await processBatch(context, importId, claimed.rows, reader)) {
      // Each round commits one batch; the loop ends with the batch that completes the import.
    }
  } catch (error) {
    context.logger.error({ err: error, importId }, "guest import failed");
    await failImport(context, importId, error instanceof Error ? error.message : String(error));
  }
}

/** Ends an import that cannot go on; the batches already committed stay, whole. */
async function failImport(context: AppContext, importId: string, reason: string) {
  await context.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(guestImports)
      .set({ status: "failed", failureReason: reason.slice(0, 500), finishedAt: new Date(), rows: null })
      .where(and(eq(guestImports.id, importId), eq(guestImports.status, "running")))
      .returning(importProgressColumns);
    if (failed) await auditEnd(tx, failed, "guests.import.failed");
  });
}

/** `guests.import.process`: runs an import queued by the Process import step. */
export function guestImportJob(context: AppContext): JobDefinition<typeof payload> {
  return { name: "guests.import.process", payload, handle: ({ importId }) => runImport(context, importId) };
}

/**
 * At start-up, imports that were queued or running when the process stopped are sent again rather than waiting for
 * pg-boss's expiry. A second worker on a running import is harmless: each batch is taken under the import row's lock
 * and starts at the committed progress.
 */
export async function resumeInterruptedImports(context: AppContext): Promise<void> {
  const interrupted = await context.db
    .select({ id: guestImports.id })
    .from(guestImports)
    .where(inArray(guestImports.status, ["queued", "running"]));
  const job = guestImportJob(context);
  for (const { id } of interrupted) await context.jobs.send(job, { importId: id });
}
