import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { z } from "zod";
import type { Language } from "../../../contract/common.js";
import { ebadgesEndpoints } from "../../../contract/ebadges.endpoints.js";
import type { EbadgeBatch } from "../../../contract/ebadges.js";
import { endpointPath } from "../../../contract/endpoint.js";
import { translate } from "../../../contract/error-messages.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import type { JobDefinition } from "../../platform/jobs.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { events } from "../events/events.tables.js";
import { eventColumnsWithStatus, requireEvent } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { ebadgesOfGuests, guestEbadgeSql } from "./ebadge-conditions.js";
import { madeOrRefused, requireEbadgeModule } from "./ebadge-documents.js";
import { badgeGuests, loadBadgeSources, renderBadgesPdf } from "./ebadge-pdf.js";
import { eventEbadges } from "./ebadges.service.js";
import { ebadgeBatches } from "./ebadges.tables.js";

/*
 * A PDF of many badges, made by a job (pg-boss). The job draws the guests in chunks, each kept as a part file and
 * counted in `done` (the progress bar); a job stopped midway is taken again and goes on from the last counted chunk.
 * The parts are joined into one PDF at the end. A chunk holds EBADGE_CHUNK_SIZE badges (config.ebadgeChunkSize).
 */

type BatchRow = typeof ebadgeBatches.$inferSelect;
const payload = z.object({ batchId: z.string().uuid() });
/** A part is named by the position of its first guest in the batch. */
const partKey = (batch: Pick<BatchRow, "eventId" | "id">, from: number) =>
  `${batch.eventId}/ebadge-batches/${batch.id}/part-${from}.pdf`;

function batchView(row: BatchRow, accountId: string, language: Language): EbadgeBatch {
  const file = endpointPath(ebadgesEndpoints.endpoints.batchFile, {
    account: accountId,
    event: row.eventId,
    id: row.id,
  });
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    fileUrl: row.status === "done" ? file : null,
    // Only one reason can be stored: the drawing failed.
    error: row.error ? translate("DOCUMENTS_NOT_GENERATED", language) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST ebadges/batches: the guests picked (every confirmed guest by default) that have a badge, in name order. */
export async function createBatch(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: { guestIds?: string[] },
  language: Language,
): Promise<EbadgeBatch> {
  const { row, accountId } = await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    requireEbadgeModule(event);
    const badges = await eventEbadges(tx, event.id);
    if (badges.length === 0) throw new AppError(409, "EBADGE_REQUIRED_FOR_CONDITIONS");
    const picked = body.guestIds ? inArray(guests.id, body.guestIds) : eq(guests.status, "confirmed");
    const withBadge = await tx
      .select({ id: guests.id })
      .from(guests)
      .where(and(eq(guests.eventId, event.id), picked, isNotNull(guestEbadgeSql(badges))))
      .orderBy(asc(guests.lastName), asc(guests.firstName), asc(guests.id));
    if (withBadge.length === 0) throw new AppError(409, "EBADGE_NONE_FOR_GUEST");
    const guestIds = withBadge.map((guest) => guest.id);
    const [created] = await tx
      .insert(ebadgeBatches)
      .values({
        eventId: event.id,
        guestIds,
        total: guestIds.length,
        createdBy: access.principal.kind === "user" ? access.principal.userId : null,
      })
      .returning();
    if (!created) throw new Error("batch row not returned");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.batch.created",
        targetType: "ebadgeBatch",
        targetId: created.id,
        after: { total: created.total },
      },
      ip,
    );
    return { row: created, accountId: event.accountId };
  });
  await context.jobs.send(ebadgeBatchJob(context), { batchId: row.id });
  return batchView(row, accountId, language);
}

async function requireBatch(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const [row] = await context.db
    .select()
    .from(ebadgeBatches)
    .where(and(eq(ebadgeBatches.id, id), eq(ebadgeBatches.eventId, event.id)));
  if (!row) throw notFound();
  return { row, accountId: event.accountId };
}

export async function getBatch(context: AppContext, caller: Caller, eventId: string, id: string, language: Language) {
  const { row, accountId } = await requireBatch(context, caller, eventId, id);
  return batchView(row, accountId, language);
}

/** The finished PDF; 409 "The badges are not ready yet." before. */
export async function batchFile(context: AppContext, caller: Caller, eventId: string, id: string) {
  const { row } = await requireBatch(context, caller, eventId, id);
  if (row.status !== "done" || !row.storageKey) throw new AppError(409, "EBADGE_BATCH_NOT_READY");
  return { filename: `badges-${row.id}.pdf`, stream: context.files.read(row.storageKey) };
}

/** Draws the next chunk and counts it; false once every chunk is counted. */
async function drawNextChunk(context: AppContext, batchId: string): Promise<boolean> {
  const [batch] = await context.db.select().from(ebadgeBatches).where(eq(ebadgeBatches.id, batchId));
  if (batch?.status !== "running" || batch.done >= batch.total) return false;
  const [event] = await context.db.select(eventColumnsWithStatus).from(events).where(eq(events.id, batch.eventId));
  if (!event) return false;
  const ids = batch.guestIds.slice(batch.done, batch.done + context.config.ebadgeChunkSize);
  // A guest deleted since the batch was asked for, or no longer matched by any badge, has no page.
  const [badgeOf, chunkGuests] = await Promise.all([
    ebadgesOfGuests(context.db, event.id, ids),
    badgeGuests(context.db, event.id, ids),
  ]);
  const pages = chunkGuests.flatMap((guest) => {
    const ebadge = badgeOf.get(guest.id);
    return ebadge ? [{ ebadge, guest }] : [];
  });
  const sources = await loadBadgeSources(context, event, [...new Set(pages.map((page) => page.ebadge))]);
  const part = await madeOrRefused(context, () => renderBadgesPdf(sources, pages));
  // Named by its first guest: a second worker on the same chunk writes the same file.
  await context.files.put(partKey(batch, batch.done), part);
  await context.db
    .update(ebadgeBatches)
    .set({ done: batch.done + ids.length })
    .where(and(eq(ebadgeBatches.id, batchId), eq(ebadgeBatches.done, batch.done)));
  return true;
}

/** Joins the parts into the batch's PDF and marks it done. */
async function finishBatch(context: AppContext, batch: BatchRow) {
  const joined = await PDFDocument.create();
  const parts = Array.from({ length: Math.ceil(batch.total / context.config.ebadgeChunkSize) }, (_, index) =>
    partKey(batch, index * context.config.ebadgeChunkSize),
  );
  for (const key of parts) {
    const part = await PDFDocument.load(Buffer.concat(await context.files.read(key).toArray()));
    for (const page of await joined.copyPages(part, part.getPageIndices())) joined.addPage(page);
  }
  const storageKey = `${batch.eventId}/ebadge-batches/${batch.id}.pdf`;
  await context.files.put(storageKey, Buffer.from(await joined.save()));
  await context.db
    .update(ebadgeBatches)
    .set({ status: "done", storageKey, finishedAt: new Date() })
    .where(and(eq(ebadgeBatches.id, batch.id), eq(ebadgeBatches.status, "running")));
  for (const key of parts) await context.files.remove(key);
}

/** The whole run of a batch, from its last counted chunk. */
export async function runBatch(context: AppContext, batchId: string): Promise<void> {
  const [claimed] = await context.db
    .update(ebadgeBatches)
    .set({ status: "running" })
    .where(and(eq(ebadgeBatches.id, batchId), inArray(ebadgeBatches.status, ["queued", "running"])))
    .returning();
  // Done, failed or unknown: a repeated job has nothing to do.
  if (!claimed) return;
  const started = Date.now();
  try {
    while (await drawNextChunk(context, batchId)) {
      // Each round draws and counts one chunk.
    }
    const [drawn] = await context.db.select().from(ebadgeBatches).where(eq(ebadgeBatches.id, batchId));
    if (drawn?.status === "running" && drawn.done >= drawn.total) await finishBatch(context, drawn);
    context.logger.info({ batchId, total: claimed.total, ms: Date.now() - started }, "e-badge batch made");
  } catch (error) {
    context.logger.error({ err: error, batchId }, "e-badge batch failed");
    await context.db
      .update(ebadgeBatches)
      .set({ status: "failed", error: "DOCUMENTS_NOT_GENERATED", finishedAt: new Date() })
      .where(and(eq(ebadgeBatches.id, batchId), eq(ebadgeBatches.status, "running")));
  }
}

/** `ebadges.batch.make`: one batch's PDF. */
export function ebadgeBatchJob(context: AppContext): JobDefinition<typeof payload> {
  return { name: "ebadges.batch.make", payload, handle: ({ batchId }) => runBatch(context, batchId) };
}

/** At start-up, batches a stopped process left queued or running are sent again rather than waiting for expiry. */
export async function resumeInterruptedBatches(context: AppContext): Promise<void> {
  const interrupted = await context.db
    .select({ id: ebadgeBatches.id })
    .from(ebadgeBatches)
    .where(inArray(ebadgeBatches.status, ["queued", "running"]));
  const job = ebadgeBatchJob(context);
  for (const { id } of interrupted) await context.jobs.send(job, { batchId: id });
}
