import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "../../../contract/common.js";
import type { MessageCode } from "../../../contract/error-messages.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { changedFields } from "../audit/audit.service.js";
import { eventCaller } from "../events/events.caller.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent } from "../events/events.visibility.js";
import {
  appendedPosition,
  byPosition,
  type ContentExpansion,
  type ContentKind,
  type ContentList,
  checkContentImage,
  closeGap,
  inList,
  type OrderedTable,
  recordContentChange,
  removeContent,
  reorderContent,
} from "./ordered-content.js";

type ItemRow = { id: string; eventId: string; position: number };

/** The list an item sits in: a kind listed per language (programs) has the language in its rows and bodies. */
const listOf = (eventId: string, item: object): ContentList => ({
  eventId,
  language: "language" in item ? (item.language as Language) : undefined,
});

/** What one kind of content (speakers, partners…) says of itself; the rest of its service is the same for all. */
export type ContentKindSpec<Row extends ItemRow, Values extends object, View> = {
  kind: ContentKind;
  table: OrderedTable;
  notReordered: MessageCode;
  /** The item's image (a speaker's photo, a partner's logo): its field in the body, checked as one of the event's. */
  image?: { field: string; of(item: Row | Values): string | null };
  /** What `expand` may add to each listed item, by the name the list query and the answer give it. */
  expansions?: Record<string, ContentExpansion<Row>>;
  /** Rules that need the event or the database (a program's language, its speakers), before a creation or a save. */
  check?(executor: Executor, event: EventRow, values: Values): Promise<void>;
  /** A module the kind needs on (documents, photos, custom pages: `misc`), checked before every change. */
  requireModule?(event: EventRow): void;
  /**
   * Deletes what the item owns besides its row (a photo's image) in the deletion's transaction, and answers the file
   * store keys of its bytes (a document's file), removed once the deletion commits.
   */
  release?(executor: Executor, row: Row): Promise<string[]>;
  /** Adds to rows what their table does not hold (a program's speakers), before they are viewed or audited. */
  related?(executor: Executor, rows: Row[]): Promise<Row[]>;
  /** Writes what the table does not hold after a creation or a save, in its transaction. */
  saved?(executor: Executor, row: Row, values: Values): Promise<void>;
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
export function orderedContentService<Row extends ItemRow, Values extends object, View>(
  spec: ContentKindSpec<Row, Values, View>,
) {
  const { table, kind } = spec;
  const withRelated = async (executor: Executor, rows: Row[]) =>
    spec.related && rows.length > 0 ? spec.related(executor, rows) : rows;

  /** The event of a change, locked: its items' positions are changed one at a time. */
  async function changedEvent(executor: Executor, caller: Caller, eventId: string) {
    const event = await requireEvent(executor, caller.access, eventId, "events.update", { lock: true });
    spec.requireModule?.(event);
    return event;
  }

  async function requireItem(executor: Executor, eventId: string, id: string): Promise<Row> {
    const [row] = await executor
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.eventId, eventId)));
    if (!row) throw notFound();
    const [item] = await withRelated(executor, [row as Row]);
    return item as Row;
  }

  /** The rules of a body: the kind's own, then its image is one of the event's. */
  async function checkValues(executor: Executor, event: EventRow, values: Values) {
    await spec.check?.(executor, event, values);
    if (spec.image) await checkContentImage(executor, event.id, spec.image.field, spec.image.of(values));
  }

  /** The row as saved, with what the table does not hold written and read back. */
  async function savedRow(executor: Executor, row: Row | undefined, values: Values): Promise<Row> {
    if (!row) throw notFound();
    await spec.saved?.(executor, row, values);
    const [item] = await withRelated(executor, [row]);
    return item as Row;
  }

  async function listItems(context: AppContext, executor: Executor, list: ContentList, expand: string[] = []) {
    const rows = await withRelated(
      executor,
      (await executor.select().from(table).where(inList(table, list)).orderBy(byPosition(table))) as Row[],
    );
    const expansions = await Promise.all(
      expand.map(async (name) => {
        const expansion = spec.expansions?.[name];
        if (!expansion) throw new Error(`${kind} has no expansion ${name}`);
        return [name, await expansion(context, executor, rows)] as const;
      }),
    );
    const items = rows.map((row) => {
      const view = spec.view(row);
      return expansions.length === 0
        ? view
        : ({ ...view, ...Object.fromEntries(expansions.map(([name, of]) => [name, of(row)])) } as View);
    });
    return { items, total: items.length };
  }

  return {
    /** The items of a list (of a language, for a kind listed per language), with what `expand` names. */
    async list(context: AppContext, { access }: Caller, eventId: string, query: ListQuery) {
      const event = await requireEvent(context.db, access, eventId, "events.read");
      return listItems(context, context.db, listOf(event.id, query), query.expand);
    },

    async get(context: AppContext, { access }: Caller, eventId: string, id: string) {
      const event = await requireEvent(context.db, access, eventId, "events.read");
      return spec.view(await requireItem(context.db, event.id, id));
    },

    /** Adds the item at the end of its list (the event's row locked: two creations never take one position). */
    create(context: AppContext, caller: Caller, eventId: string, values: Values) {
      return context.db.transaction(async (tx) => {
        const event = await changedEvent(tx, caller, eventId);
        await checkValues(tx, event, values);
        const [inserted] = (await tx
          .insert(table)
          .values({ ...spec.columns(values), eventId, position: appendedPosition(table, listOf(eventId, values)) })
          .returning()) as Row[];
        if (!inserted) throw new Error(`${kind} insert returned nothing`);
        const row = await savedRow(tx, inserted, values);
        await recordContentChange(tx, caller, eventId, {
          kind,
          change: "created",
          id: row.id,
          after: spec.audited(row),
        });
        return spec.view(row);
      });
    },

    /**
     * Saves the item. An item given another language leaves its list (closing the gap) for the end of that language's
     * list, under the event's lock as a creation.
     */
    update(context: AppContext, caller: Caller, eventId: string, id: string, values: Values) {
      return context.db.transaction(async (tx) => {
        const event = await changedEvent(tx, caller, eventId);
        const before = await requireItem(tx, eventId, id);
        await checkValues(tx, event, values);
        const moved = listOf(eventId, before).language !== listOf(eventId, values).language;
        const [updated] = (await tx
          .update(table)
          .set({
            ...spec.columns(values),
            ...(moved ? { position: appendedPosition(table, listOf(eventId, values)) } : {}),
            updatedAt: new Date(),
          })
          .where(eq(table.id, id))
          .returning()) as Row[];
        if (moved) await closeGap(tx, table, listOf(eventId, before), before.position);
        const row = await savedRow(tx, updated, values);
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
    async remove(context: AppContext, caller: Caller, eventId: string, id: string) {
      const released = await context.db.transaction(async (tx) => {
        await changedEvent(tx, caller, eventId);
        const row = await requireItem(tx, eventId, id);
        await removeContent(tx, table, listOf(eventId, row), row);
        await recordContentChange(tx, caller, eventId, { kind, change: "deleted", id, before: spec.audited(row) });
        return (await spec.release?.(tx, row)) ?? [];
      });
      // The bytes go once no row points at them; one left behind is only disk space, never a broken link.
      await Promise.allSettled(released.map((key) => context.files.remove(key)));
      return { ok: true as const };
    },

    /** Sets the order of a list (of a language, for a kind listed per language). */
    reorder(context: AppContext, caller: Caller, eventId: string, body: ReorderBody) {
      return context.db.transaction(async (tx) => {
        await changedEvent(tx, caller, eventId);
        const list = listOf(eventId, body);
        const before = await reorderContent(tx, table, list, body.ids, spec.notReordered);
        await recordContentChange(tx, caller, eventId, {
          kind,
          change: "reordered",
          before: { ids: before },
          after: { ids: body.ids, ...(body.language ? { language: body.language } : {}) },
        });
        return listItems(context, tx, list);
      });
    },
  };
}

type ListQuery = { expand: string[]; language?: Language };
type ReorderBody = { ids: string[]; language?: Language };

type EventRequest<Extra = object> = FastifyRequest & { params: { account: string; event: string } } & Extra;
type ItemRequest<Extra = object> = EventRequest<Extra> & { params: { id: string } };

/** The route handlers of a kind's endpoint group (contract/<kind>s.endpoints.ts): the caller, then the service. */
export function contentHandlers<Row extends ItemRow, Values extends object, View>(
  context: AppContext,
  service: ReturnType<typeof orderedContentService<Row, Values, View>>,
) {
  const caller = (request: EventRequest) => eventCaller(context, request);
  return {
    list: async (request: EventRequest<{ query: ListQuery }>) =>
      service.list(context, await caller(request), request.params.event, request.query),
    create: async (request: EventRequest<{ body: Values }>, reply: FastifyReply) =>
      reply.status(201).send(await service.create(context, await caller(request), request.params.event, request.body)),
    reorder: async (request: EventRequest<{ body: ReorderBody }>) =>
      service.reorder(context, await caller(request), request.params.event, request.body),
    get: async (request: ItemRequest) =>
      service.get(context, await caller(request), request.params.event, request.params.id),
    update: async (request: ItemRequest<{ body: Values }>) =>
      service.update(context, await caller(request), request.params.event, request.params.id, request.body),
    remove: async (request: ItemRequest) =>
      service.remove(context, await caller(request), request.params.event, request.params.id),
  };
}
