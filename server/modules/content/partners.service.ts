import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Partner, partnerBody, partnerExpansions } from "../../../contract/partners.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { changedFields } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import {
  appendedPosition,
  byPosition,
  checkContentImage,
  imagesById,
  recordContentChange,
  removeContent,
  reorderContent,
} from "./ordered-content.js";
import { partners } from "./partners.tables.js";

/* SPEC §7 partners: an event's partners, read with events.read and changed with events.update (SPEC §6). */

type PartnerRow = typeof partners.$inferSelect;
type PartnerValues = z.output<typeof partnerBody>;
type Expansion = (typeof partnerExpansions)[number];

function partnerView(row: PartnerRow): Partner {
  return {
    id: row.id,
    eventId: row.eventId,
    position: row.position,
    name: row.name,
    link: row.link,
    logoImageId: row.logoImageId,
    width: row.width,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a partner: what the organizer typed, not the bookkeeping. */
const auditedValues = (row: PartnerRow) => ({
  name: row.name,
  link: row.link,
  logoImageId: row.logoImageId,
  width: row.width,
  altText: row.altText,
});

async function requirePartner(executor: Executor, eventId: string, id: string): Promise<PartnerRow> {
  const [row] = await executor
    .select()
    .from(partners)
    .where(and(eq(partners.id, id), eq(partners.eventId, eventId)));
  if (!row) throw notFound();
  return row;
}

async function eventPartners(context: AppContext, executor: Executor, eventId: string, expand: Expansion[] = []) {
  const rows = await executor
    .select()
    .from(partners)
    .where(eq(partners.eventId, eventId))
    .orderBy(byPosition(partners));
  const logoIds = rows.map((row) => row.logoImageId);
  const logos = expand.includes("logo") ? await imagesById(context, executor, logoIds) : null;
  const items = rows.map((row) => {
    const view = partnerView(row);
    return logos ? { ...view, logo: (row.logoImageId && logos.get(row.logoImageId)) || null } : view;
  });
  return { items, total: items.length };
}

export async function listPartners(context: AppContext, { access }: Caller, eventId: string, expand: Expansion[]) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return eventPartners(context, context.db, event.id, expand);
}

export async function getPartner(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return partnerView(await requirePartner(context.db, event.id, id));
}

/** Adds the partner at the end of the list. */
export async function createPartner(context: AppContext, caller: Caller, eventId: string, values: PartnerValues) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    await checkContentImage(tx, eventId, "logoImageId", values.logoImageId);
    const [row] = await tx
      .insert(partners)
      .values({ ...values, eventId, position: appendedPosition(partners, eventId) })
      .returning();
    if (!row) throw new Error("partner insert returned nothing");
    await recordContentChange(tx, caller, eventId, {
      kind: "partner",
      change: "created",
      id: row.id,
      after: auditedValues(row),
    });
    return partnerView(row);
  });
}

export async function updatePartner(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  values: PartnerValues,
) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const before = await requirePartner(tx, eventId, id);
    await checkContentImage(tx, eventId, "logoImageId", values.logoImageId);
    const [row] = await tx
      .update(partners)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(partners.id, id))
      .returning();
    if (!row) throw notFound();
    await recordContentChange(tx, caller, eventId, {
      kind: "partner",
      change: "updated",
      id,
      ...changedFields(auditedValues(before), auditedValues(row)),
    });
    return partnerView(row);
  });
}

/** Deletes the partner; the ones after it move up a place. */
export async function removePartner(context: AppContext, caller: Caller, eventId: string, id: string) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    const row = await requirePartner(tx, eventId, id);
    await removeContent(tx, partners, row);
    await recordContentChange(tx, caller, eventId, {
      kind: "partner",
      change: "deleted",
      id,
      before: auditedValues(row),
    });
    return { ok: true as const };
  });
}

export async function reorderPartners(context: AppContext, caller: Caller, eventId: string, ids: string[]) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    const before = await reorderContent(tx, partners, eventId, ids, "PARTNERS_NOT_REORDERED");
    await recordContentChange(tx, caller, eventId, {
      kind: "partner",
      change: "reordered",
      before: { ids: before },
      after: { ids },
    });
    return eventPartners(context, tx, eventId);
  });
}
