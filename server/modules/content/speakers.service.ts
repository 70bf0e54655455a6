import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Speaker, speakerBody, speakerExpansions } from "../../../contract/speakers.js";
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
import { speakers } from "./speakers.tables.js";

/* SPEC §7 speakers: an event's speakers, read with events.read and changed with events.update (SPEC §6). */

type SpeakerRow = typeof speakers.$inferSelect;
type SpeakerValues = z.output<typeof speakerBody>;
type Expansion = (typeof speakerExpansions)[number];

function speakerView(row: SpeakerRow): Speaker {
  return {
    id: row.id,
    eventId: row.eventId,
    position: row.position,
    name: row.name,
    job: row.job,
    company: row.company,
    biography: row.biography,
    photoImageId: row.photoImageId,
    socialUrls: row.socialUrls,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a speaker: what the organizer typed, not the bookkeeping. */
const auditedValues = (row: SpeakerRow) => ({
  name: row.name,
  job: row.job,
  company: row.company,
  biography: row.biography,
  photoImageId: row.photoImageId,
  socialUrls: row.socialUrls,
});

const rowValues = (values: SpeakerValues) => ({
  ...values,
  socialUrls: {
    twitter: values.socialUrls.twitter ?? "",
    facebook: values.socialUrls.facebook ?? "",
    linkedin: values.socialUrls.linkedin ?? "",
  },
});

async function requireSpeaker(executor: Executor, eventId: string, id: string): Promise<SpeakerRow> {
  const [row] = await executor
    .select()
    .from(speakers)
    .where(and(eq(speakers.id, id), eq(speakers.eventId, eventId)));
  if (!row) throw notFound();
  return row;
}

async function eventSpeakers(context: AppContext, executor: Executor, eventId: string, expand: Expansion[] = []) {
  const rows = await executor
    .select()
    .from(speakers)
    .where(eq(speakers.eventId, eventId))
    .orderBy(byPosition(speakers));
  const photoIds = rows.map((row) => row.photoImageId);
  const photos = expand.includes("photo") ? await imagesById(context, executor, photoIds) : null;
  const items = rows.map((row) => {
    const view = speakerView(row);
    return photos ? { ...view, photo: (row.photoImageId && photos.get(row.photoImageId)) || null } : view;
  });
  return { items, total: items.length };
}

export async function listSpeakers(context: AppContext, { access }: Caller, eventId: string, expand: Expansion[]) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return eventSpeakers(context, context.db, event.id, expand);
}

export async function getSpeaker(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return speakerView(await requireSpeaker(context.db, event.id, id));
}

/** Adds the speaker at the end of the list. */
export async function createSpeaker(context: AppContext, caller: Caller, eventId: string, values: SpeakerValues) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    await checkContentImage(tx, eventId, "photoImageId", values.photoImageId);
    const [row] = await tx
      .insert(speakers)
      .values({ ...rowValues(values), eventId, position: appendedPosition(speakers, eventId) })
      .returning();
    if (!row) throw new Error("speaker insert returned nothing");
    await recordContentChange(tx, caller, eventId, {
      kind: "speaker",
      change: "created",
      id: row.id,
      after: auditedValues(row),
    });
    return speakerView(row);
  });
}

export async function updateSpeaker(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  values: SpeakerValues,
) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const before = await requireSpeaker(tx, eventId, id);
    await checkContentImage(tx, eventId, "photoImageId", values.photoImageId);
    const [row] = await tx
      .update(speakers)
      .set({ ...rowValues(values), updatedAt: new Date() })
      .where(eq(speakers.id, id))
      .returning();
    if (!row) throw notFound();
    await recordContentChange(tx, caller, eventId, {
      kind: "speaker",
      change: "updated",
      id,
      ...changedFields(auditedValues(before), auditedValues(row)),
    });
    return speakerView(row);
  });
}

/** Deletes the speaker; the ones after it move up a place. */
export async function removeSpeaker(context: AppContext, caller: Caller, eventId: string, id: string) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    const row = await requireSpeaker(tx, eventId, id);
    await removeContent(tx, speakers, row);
    await recordContentChange(tx, caller, eventId, {
      kind: "speaker",
      change: "deleted",
      id,
      before: auditedValues(row),
    });
    return { ok: true as const };
  });
}

export async function reorderSpeakers(context: AppContext, caller: Caller, eventId: string, ids: string[]) {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
    const before = await reorderContent(tx, speakers, eventId, ids, "SPEAKERS_NOT_REORDERED");
    await recordContentChange(tx, caller, eventId, {
      kind: "speaker",
      change: "reordered",
      before: { ids: before },
      after: { ids },
    });
    return eventSpeakers(context, tx, eventId);
  });
}
