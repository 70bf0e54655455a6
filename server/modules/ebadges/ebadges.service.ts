import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Ebadge,
  type EbadgeBlock,
  type ebadgeBody,
  type ebadgeCreateBody,
  ebadgeFormats,
  type ebadgeUpdateBody,
} from "../../../contract/ebadges.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { fieldError, notFound } from "../../platform/errors.js";
import { fonts } from "../accounts/fonts/fonts.tables.js";
import type { AccountAccess } from "../accounts/permissions.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { events } from "../events/events.tables.js";
import { type EventRow, requireEvent, visibleEventsCondition } from "../events/events.visibility.js";
import { customFields } from "../guests/guests.tables.js";
import { imageUrl } from "../images/images.service.js";
import { images } from "../images/images.tables.js";
import { ebadges } from "./ebadges.tables.js";

/* SPEC §7 ebadges: an event's badge designs, checked against the event's images, fields and the account's fonts. */

export type EbadgeRow = typeof ebadges.$inferSelect;
type Design = z.output<typeof ebadgeBody>;

export function ebadgeView(context: Pick<AppContext, "config">, row: EbadgeRow): Ebadge {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    format: row.format,
    orientation: row.orientation,
    rotation: row.rotation,
    backgroundImageId: row.backgroundImageId,
    backgroundUrl: row.backgroundImageId ? imageUrl(context.config, row.backgroundImageId) : null,
    blocks: row.blocks,
    conditions: row.conditions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The page in millimetres, as the design sees it (before its own rotation). */
export function pageSize(design: Pick<Design, "format" | "orientation">): { width: number; height: number } {
  const [short, long] = ebadgeFormats[design.format];
  return design.orientation === "landscape" ? { width: long, height: short } : { width: short, height: long };
}

/** The event's badges in the order their conditions are tried. */
export function eventEbadges(executor: Executor, eventId: string): Promise<EbadgeRow[]> {
  return executor
    .select()
    .from(ebadges)
    .where(eq(ebadges.eventId, eventId))
    .orderBy(asc(ebadges.position), asc(ebadges.createdAt));
}

/** A badge of the event; 404 for another event's (whatever its account). */
export async function requireEbadge(executor: Executor, eventId: string, id: string): Promise<EbadgeRow> {
  const [row] = await executor
    .select()
    .from(ebadges)
    .where(and(eq(ebadges.id, id), eq(ebadges.eventId, eventId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Refuses a design that names what the event or the account does not have, each refusal under its field: a
 * background not uploaded as an e-badge background of this event, a logo of another event, a font of another account
 * or switched off, a custom field of another event; block ids repeated; a block leaving the page.
 */
async function checkDesign(executor: Executor, event: EventRow, design: Design): Promise<void> {
  const imageIds = [
    ...(design.backgroundImageId ? [design.backgroundImageId] : []),
    ...design.blocks.flatMap((block) => (block.kind === "logo" && block.imageId ? [block.imageId] : [])),
  ];
  const fontIds = design.blocks.flatMap((block) => (block.fontId ? [block.fontId] : []));
  const [eventImages, accountFonts, fields] = await Promise.all([
    imageIds.length === 0
      ? []
      : executor
          .select({ id: images.id, purpose: images.purpose })
          .from(images)
          .where(and(eq(images.eventId, event.id), inArray(images.id, imageIds))),
    fontIds.length === 0
      ? []
      : executor
          .select({ id: fonts.id })
          .from(fonts)
          .where(
            and(
              eq(fonts.accountId, event.accountId),
              inArray(fonts.id, fontIds),
              eq(fonts.active, true),
              isNotNull(fonts.name),
            ),
          ),
    executor.select({ id: customFields.id }).from(customFields).where(eq(customFields.eventId, event.id)),
  ]);
  const purposeOf = new Map(eventImages.map((image) => [image.id, image.purpose]));
  const usableFonts = new Set(accountFonts.map((font) => font.id));
  const fieldIds = new Set(fields.map((field) => field.id));

  if (design.backgroundImageId && purposeOf.get(design.backgroundImageId) !== "ebadge") {
    throw fieldError("backgroundImageId", "FIELD_INVALID");
  }
  const page = pageSize(design);
  const seen = new Set<string>();
  design.blocks.forEach((block, index) => {
    const at = (field: string) => `blocks.${index}.${field}`;
    if (seen.has(block.id)) throw fieldError(at("id"), "FIELD_INVALID");
    seen.add(block.id);
    if (block.x + block.width > page.width) throw fieldError(at("width"), "FIELD_INVALID");
    if (block.y + block.height > page.height) throw fieldError(at("height"), "FIELD_INVALID");
    if (block.fontId && !usableFonts.has(block.fontId)) throw fieldError(at("fontId"), "FIELD_INVALID");
    if (block.kind === "logo" && !(block.imageId && purposeOf.has(block.imageId))) {
      throw fieldError(at("imageId"), block.imageId ? "FIELD_INVALID" : "FIELD_REQUIRED");
    }
    if (block.kind === "field") {
      if (!block.field) throw fieldError(at("field"), "FIELD_REQUIRED");
      const custom = block.field.startsWith("custom:") ? block.field.slice("custom:".length) : null;
      if (custom && !fieldIds.has(custom)) throw fieldError(at("field"), "FIELD_INVALID");
    }
  });
}

const designOf = (row: EbadgeRow): Design => ({
  name: row.name,
  format: row.format,
  orientation: row.orientation,
  rotation: row.rotation,
  backgroundImageId: row.backgroundImageId,
  blocks: row.blocks,
});

export async function listEbadges(context: AppContext, { access }: Caller, eventId: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const items = (await eventEbadges(context.db, event.id)).map((row) => ebadgeView(context, row));
  return { items, total: items.length };
}

export async function getEbadge(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return ebadgeView(context, await requireEbadge(context.db, event.id, id));
}

/** GET /accounts/{account}/ebadges: the badges of every event the caller sees, newest first. */
export async function listAccountEbadges(context: AppContext, access: AccountAccess) {
  const rows = await context.db
    .select({ ebadge: ebadges, eventName: events.name })
    .from(ebadges)
    .innerJoin(events, eq(events.id, ebadges.eventId))
    .where(visibleEventsCondition(access))
    .orderBy(desc(ebadges.createdAt));
  const items = rows.map(({ ebadge, eventName }) => ({ ...ebadgeView(context, ebadge), eventName }));
  return { items, total: items.length };
}

/**
 * The design of another badge of the account, made this event's: its images become images of this event (the same
 * stored files, which images never delete), and blocks printing a custom field of the other event are left out.
 */
async function copiedDesign(tx: Executor, access: AccountAccess, event: EventRow, sourceId: string): Promise<Design> {
  const [found] = await tx
    .select({ ebadge: ebadges })
    .from(ebadges)
    .innerJoin(events, eq(events.id, ebadges.eventId))
    .where(and(eq(ebadges.id, sourceId), eq(events.accountId, event.accountId), visibleEventsCondition(access)));
  if (!found) throw notFound();
  const source = designOf(found.ebadge);
  if (found.ebadge.eventId === event.id) return source;
  const imageIds = [
    ...(source.backgroundImageId ? [source.backgroundImageId] : []),
    ...source.blocks.flatMap((block) => (block.imageId ? [block.imageId] : [])),
  ];
  const copies = new Map<string, string>();
  if (imageIds.length > 0) {
    const originals = await tx.select().from(images).where(inArray(images.id, imageIds));
    for (const { id, createdAt: _, ...original } of originals) {
      const [copy] = await tx
        .insert(images)
        .values({ ...original, eventId: event.id })
        .returning({ id: images.id });
      if (copy) copies.set(id, copy.id);
    }
  }
  const fieldIds = new Set(
    (await tx.select({ id: customFields.id }).from(customFields).where(eq(customFields.eventId, event.id))).map(
      (field) => field.id,
    ),
  );
  const keptBlocks: EbadgeBlock[] = source.blocks.flatMap((block) => {
    if (block.field?.startsWith("custom:") && !fieldIds.has(block.field.slice("custom:".length))) return [];
    return [block.imageId ? { ...block, imageId: copies.get(block.imageId) ?? block.imageId } : block];
  });
  return {
    ...source,
    backgroundImageId: source.backgroundImageId ? (copies.get(source.backgroundImageId) ?? null) : null,
    blocks: keptBlocks,
  };
}

export async function createEbadge(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: z.output<typeof ebadgeCreateBody>,
): Promise<Ebadge> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const { copyFrom, ...given } = body;
    const design = copyFrom ? { ...(await copiedDesign(tx, access, event, copyFrom)), name: given.name } : given;
    await checkDesign(tx, event, design);
    const [row] = await tx
      .insert(ebadges)
      .values({
        ...design,
        eventId: event.id,
        position: sql`(select coalesce(max(${ebadges.position}) + 1, 0) from ${ebadges} where ${ebadges.eventId} = ${event.id})`,
      })
      .returning();
    if (!row) throw new Error("e-badge row not returned");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.ebadge.created",
        targetType: "ebadge",
        targetId: row.id,
        after: { name: row.name, ...(copyFrom && { copiedFrom: copyFrom }) },
      },
      ip,
    );
    return ebadgeView(context, row);
  });
}

export async function updateEbadge(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  body: z.output<typeof ebadgeUpdateBody>,
): Promise<Ebadge> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const [current] = await tx
      .select()
      .from(ebadges)
      .where(and(eq(ebadges.id, id), eq(ebadges.eventId, event.id)))
      .for("update");
    if (!current) throw notFound();
    const before = designOf(current);
    const design = { ...before, ...body };
    await checkDesign(tx, event, design);
    const [row] = await tx
      .update(ebadges)
      .set({ ...design, updatedAt: new Date() })
      .where(eq(ebadges.id, id))
      .returning();
    if (!row) throw notFound();
    // The blocks are logged by their count: a design's whole JSON would fill the log.
    const summary = ({ blocks, ...rest }: Design) => ({
      ...rest,
      blocks: blocks.length,
      blocksJson: JSON.stringify(blocks),
    });
    const { before: changedBefore, after: changedAfter } = changedFields(summary(before), summary(design));
    const { blocksJson: _before, ...loggedBefore } = changedBefore;
    const { blocksJson: _after, ...loggedAfter } = changedAfter;
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.ebadge.updated",
        targetType: "ebadge",
        targetId: id,
        before: loggedBefore,
        after: loggedAfter,
      },
      ip,
    );
    return ebadgeView(context, row);
  });
}

export async function removeEbadge(context: AppContext, { access, ip }: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const [removed] = await tx
      .delete(ebadges)
      .where(and(eq(ebadges.id, id), eq(ebadges.eventId, event.id)))
      .returning({ name: ebadges.name });
    if (!removed) throw notFound();
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "ebadges.ebadge.deleted",
        targetType: "ebadge",
        targetId: id,
        before: { name: removed.name },
      },
      ip,
    );
  });
  return { ok: true as const };
}
