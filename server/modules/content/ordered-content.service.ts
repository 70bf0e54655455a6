import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { MessageCode } from "../../../contract/error-messages.js";
import type { Image } from "../../../contract/images.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { changedFields } from "../audit/audit.service.js";
import { eventCaller } from "../events/events.caller.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import {
  appendedPosition,
  byPosition,
  type ContentKind,
  checkContentImage,
  imagesById,
  type OrderedTable,
  recordContentChange,
  removeContent,
  reorderContent,
} from "./ordered-content.js";

type ItemRow = { id: string; eventId: string; position: number };

/** What one kind of content (speakers, partners…) says of itself; the rest of its service is the same for all. */
export type ContentKindSpec<Row extends ItemRow, Values, View> = {
  kind: ContentKind;
  table: OrderedTable;
  notReordered: MessageCode;
  /** The item's image (a speaker's photo, a partner's logo): its field in the body, and its expansion's name. */
  image: { field: string; expansion: string; of(item: Row | Values): string | null };
  view(row: Row): View;
  /** What the audit keeps of an item: what the organizer typed, not the bookkeeping. */
  audited(row: Row): Record<string, unknown>;
  /** The row's columns from a body (defaults filled). */
  columns(values: Values): Record<string, unknown>;
};

/**
 * The service of one kind of an event's ordered content (SPEC §7: list with expand, read, create at the end, save,
 * delete closing the gap, reorder), read with events.read and changed with events.update (SPEC §6), each change
 * audited in its transaction.
 */
export function orderedContentService<Row extends ItemRow, Values, View>(spec: ContentKindSpec<Row, Values, View>) {
  const { table, kind } = spec;

  async function requireItem(executor: Executor, eventId: string, id: string): Promise<Row> {
    const [row] = await executor
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.eventId, eventId)));
    if (!row) throw notFound();
    return row as Row;
  }

  async function eventItems(context: AppContext, executor: Executor, eventId: string, expand: string[] = []) {
    const rows = (await executor
      .select()
      .from(table)
      .where(eq(table.eventId, eventId))
      .orderBy(byPosition(table))) as Row[];
    const expanded = expand.includes(spec.image.expansion)
      ? await imagesById(context, executor, rows.map(spec.image.of))
      : null;
    const items = rows.map((row) => {
      const view = spec.view(row);
      if (!expanded) return view;
      const imageId = spec.image.of(row);
      return { ...view, [spec.image.expansion]: (imageId && expanded.get(imageId)) || null } as View &
        Record<string, Image | null>;
    });
    return { items, total: items.length };
  }

  return {
    async list(context: AppContext, { access }: Caller, eventId: string, expand: string[]) {
      const event = await requireEvent(context.db, access, eventId, "events.read");
      return eventItems(context, context.db, event.id, expand);
    },

    async get(context: AppContext, { access }: Caller, eventId: string, id: string) {
      const event = await requireEvent(context.db, access, eventId, "events.read");
      return spec.view(await requireItem(context.db, event.id, id));
    },

    /** Adds the item at the end of the list (the event's row locked: two creations never take one position). */
    create(context: AppContext, caller: Caller, eventId: string, values: Values) {
      return context.db.transaction(async (tx) => {
        await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
        await checkContentImage(tx, eventId, spec.image.field, spec.image.of(values));
        const [row] = (await tx
          .insert(table)
          .values({ ...spec.columns(values), eventId, position: appendedPosition(table, eventId) })
          .returning()) as Row[];
        if (!row) throw new Error(`${kind} insert returned nothing`);
        await recordContentChange(tx, caller, eventId, {
          kind,
          change: "created",
          id: row.id,
          after: spec.audited(row),
        });
        return spec.view(row);
      });
    },

    update(context: AppContext, caller: Caller, eventId: string, id: string, values: Values) {
      return context.db.transaction(async (tx) => {
        await requireEvent(tx, caller.access, eventId, "events.update");
        const before = await requireItem(tx, eventId, id);
        await checkContentImage(tx, eventId, spec.image.field, spec.image.of(values));
        const [row] = (await tx
          .update(table)
          .set({ ...spec.columns(values), updatedAt: new Date() })
          .where(eq(table.id, id))
          .returning()) as Row[];
        if (!row) throw notFound();
        await recordContentChange(tx, caller, eventId, {
          kind,
          change: "updated",
          id,
          ...changedFields(spec.audited(before), spec.audited(row)),
        });
        return spec.view(row);
      });
    },

    /** Deletes the item; the ones after it move up a place. */
    remove(context: AppContext, caller: Caller, eventId: string, id: string) {
      return context.db.transaction(async (tx) => {
        await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
        const row = await requireItem(tx, eventId, id);
        await removeContent(tx, table, row);
        await recordContentChange(tx, caller, eventId, { kind, change: "deleted", id, before: spec.audited(row) });
        return { ok: true as const };
      });
    },

    reorder(context: AppContext, caller: Caller, eventId: string, ids: string[]) {
      return context.db.transaction(async (tx) => {
        await requireEvent(tx, caller.access, eventId, "events.update", { lock: true });
        const before = await reorderContent(tx, table, eventId, ids, spec.notReordered);
        await recordContentChange(tx, caller, eventId, {
          kind,
          change: "reordered",
          before: { ids: before },
          after: { ids },
        });
        return eventItems(context, tx, eventId);
      });
    },
  };
}

type EventRequest<Extra = object> = FastifyRequest & { params: { account: string; event: string } } & Extra;
type ItemRequest<Extra = object> = EventRequest<Extra> & { params: { id: string } };

/** The route handlers of a kind's endpoint group (contract/<kind>s.endpoints.ts): the caller, then the service. */
export function contentHandlers<Row extends ItemRow, Values, View>(
  context: AppContext,
  service: ReturnType<typeof orderedContentService<Row, Values, View>>,
) {
  const caller = (request: EventRequest) => eventCaller(context, request);
  return {
    list: async (request: EventRequest<{ query: { expand: string[] } }>) =>
      service.list(context, await caller(request), request.params.event, request.query.expand),
    create: async (request: EventRequest<{ body: Values }>, reply: FastifyReply) =>
      reply.status(201).send(await service.create(context, await caller(request), request.params.event, request.body)),
    reorder: async (request: EventRequest<{ body: { ids: string[] } }>) =>
      service.reorder(context, await caller(request), request.params.event, request.body.ids),
    get: async (request: ItemRequest) =>
      service.get(context, await caller(request), request.params.event, request.params.id),
    update: async (request: ItemRequest<{ body: Values }>) =>
      service.update(context, await caller(request), request.params.event, request.params.id, request.body),
    remove: async (request: ItemRequest) =>
      service.remove(context, await caller(request), request.params.event, request.params.id),
  };
}
