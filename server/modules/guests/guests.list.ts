import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { z } from "zod";
import { type Guest, type guestList, type guestListQuery, guestSortColumns } from "../../../contract/guests.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import { withHeavyReadPlace, withListTimeout } from "../../platform/heavy-reads.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { guests } from "./guests.tables.js";

export type GuestRow = typeof guests.$inferSelect;

/** Lower case without accents: "Hélène" and "HELENE" both read "helene". */
export const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export const searchTextOf = (row: Pick<GuestRow, "firstName" | "lastName" | "email" | "company">) =>
  searchable([row.firstName, row.lastName, row.email ?? "", row.company].join(" "));

const likePattern = (text: string) =>
  `%${text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;

/** Godsons and named companions of each guest, computed from the other guests' links. */
async function relatedIds(executor: Executor, ids: string[]) {
  const godsons = new Map<string, string[]>();
  const companions = new Map<string, string[]>();
  if (ids.length === 0) return { godsons, companions };
  const rows = await executor
    .select({ id: guests.id, hostId: guests.hostId, godfatherId: guests.godfatherId })
    .from(guests)
    .where(or(inArray(guests.hostId, ids), inArray(guests.godfatherId, ids)))
    .orderBy(asc(guests.createdAt), asc(guests.id));
  const push = (map: Map<string, string[]>, key: string | null, id: string) => {
    if (key) map.set(key, [...(map.get(key) ?? []), id]);
  };
  for (const row of rows) {
    push(godsons, row.godfatherId, row.id);
    push(companions, row.hostId, row.id);
  }
  return { godsons, companions };
}

export async function toGuests(executor: Executor, rows: GuestRow[]): Promise<Guest[]> {
  const { godsons, companions } = await relatedIds(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map(({ searchText: _search, ...row }) => ({
    ...row,
    registeredAt: row.registeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    godsonIds: godsons.get(row.id) ?? [],
    companionIds: companions.get(row.id) ?? [],
  }));
}

export async function toGuest(executor: Executor, row: GuestRow): Promise<Guest> {
  const [guest] = await toGuests(executor, [row]);
  if (!guest) throw new Error("no guest to convert");
  return guest;
}

const hasCompanionsSql = sql`(${guests.companionsExpected} > 0 or ${guests.namelessCompanions} > 0
  or exists (select 1 from ${guests} as companion where companion.host_id = ${guests.id}))`;
const hasSponsorshipSql = sql`(${guests.godfatherId} is not null
  or exists (select 1 from ${guests} as godson where godson.godfather_id = ${guests.id}))`;

const flag = (value: "true" | "false" | undefined, condition: SQL) =>
  value === undefined ? undefined : value === "true" ? condition : not(condition);

/** `fieldId:value|fieldId:value`: the guest's answer equals the value, or contains it for a multiple choice. */
function customFieldConditions(filter: string | undefined): SQL[] {
  if (!filter) return [];
  return filter
    .split("|")
    .map((part) => part.split(/:(.*)/s))
    .filter((pair): pair is [string, string] => Boolean(pair[0]) && pair[1] !== undefined)
    .map(
      ([fieldId, value]) =>
        sql`(${guests.customFields} ->> ${fieldId}::text = ${value}
          or ${guests.customFields} -> ${fieldId}::text @> jsonb_build_array(${value}::text))`,
    );
}

/** The list's filters (not its paging nor order): shared by the list, the export and the grouped actions. */
export type GuestFilterValues = Omit<
  z.infer<typeof guestListQuery>,
  "limit" | "offset" | "cursor" | "sort" | "direction"
>;

export function guestListConditions(eventId: string, query: GuestFilterValues): SQL | undefined {
  const words = searchable(query.query ?? "")
    .split(/\s+/)
    .filter(Boolean);
  return and(
    eq(guests.eventId, eventId),
    query.status.length > 0 ? inArray(guests.status, query.status) : undefined,
    query.mailStatus.length > 0 ? inArray(guests.mailStatus, query.mailStatus) : undefined,
    query.createdSource.length > 0 ? inArray(guests.createdSource, query.createdSource) : undefined,
    query.registered === undefined ? undefined : eq(guests.registered, query.registered === "true"),
    flag(query.hasCompanions, hasCompanionsSql),
    flag(query.hasSponsorship, hasSponsorshipSql),
    ...customFieldConditions(query.customField),
    ...words.map((word) => ilike(guests.searchText, likePattern(word))),
  );
}

type GuestSort = (typeof guestSortColumns)[number];
type Direction = z.infer<typeof guestListQuery>["direction"];
/** The columns a page is ordered by: the guests table's, or those of a subquery selecting them. */
type SortableColumns = Record<GuestSort | "id", SQLWrapper>;

const nullableSorts: ReadonlySet<GuestSort> = new Set(["email", "mailStatus", "registeredAt"]);
const timestampSorts: ReadonlySet<GuestSort> = new Set(["createdAt", "updatedAt", "registeredAt"]);
/** PostgreSQL's text of a timestamptz, as the sort key of a cursor carries it. */
const timestampText = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** Where a page ends: the sort key of its last row as text (null for a null value), and that row's id. */
type Position = { key: string | null; id: string };

/**
 * The order of the guest list and of its export, and the rows after a position in it (keyset pages: page 100 costs
 * what page 1 costs, where an offset reads all the rows before it). Equal values are ordered by id, so the order is
 * total and a page ends at an exact row. Nulls go where PostgreSQL puts them (last going up, first going down),
 * through a leading `is null`, so that a position compares as a tuple without nulls; a column never null keeps its
 * plain form, and with it its index. The key travels as text: a JavaScript Date would drop microseconds and skip rows.
 */
export function guestOrder(sort: GuestSort, direction: Direction, table: SortableColumns = guests) {
  const column = table[sort];
  const order = direction === "asc" ? asc : desc;
  const nullable = nullableSorts.has(sort);
  const isTimestamp = timestampSorts.has(sort);
  const filler = isTimestamp ? sql`'-infinity'::timestamptz` : sql`''`;
  return {
    key: sql<string | null>`(${column})::text`,
    orderBy: nullable
      ? [order(sql`(${column} is null)`), order(column), order(table.id)]
      : [order(column), order(table.id)],
    after({ key, id }: Position): SQL {
      const compare = sql.raw(direction === "asc" ? ">" : "<");
      const value = key === null ? filler : isTimestamp ? sql`${key}::timestamptz` : sql`${key}::text`;
      return nullable
        ? sql`((${column} is null), coalesce(${column}, ${filler}), ${table.id}) ${compare} (${key === null}::boolean, ${value}, ${id}::uuid)`
        : sql`(${column}, ${table.id}) ${compare} (${value}, ${id}::uuid)`;
    },
  };
}

const cursorSchema = z.object({
  sort: z.enum(guestSortColumns),
  direction: z.enum(["asc", "desc"]),
  key: z
    .string()
    .max(1_000)
    .refine((key) => !key.includes("\u0000"))
    .nullable(),
  id: z.uuid(),
});

const encodeCursor = (cursor: z.infer<typeof cursorSchema>) =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

/**
 * The position a `nextCursor` names, for the list's sort and direction; a cursor that is not one of ours, or was given
 * under another order, is a 400 on the field.
 */
function positionOf(cursor: string, sort: GuestSort, direction: Direction): Position {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw fieldError("cursor", "FIELD_INVALID");
  }
  const parsed = cursorSchema.safeParse(decoded);
  const position = parsed.success ? parsed.data : undefined;
  const keyReadable = position?.key === null || !timestampSorts.has(sort) || timestampText.test(position?.key ?? "");
  if (!position || position.sort !== sort || position.direction !== direction || !keyReadable) {
    throw fieldError("cursor", "FIELD_INVALID");
  }
  return { key: position.key, id: position.id };
}

/**
 * A page of the list, and its total. Its statements run under the list's statement timeout (`withListTimeout`), and
 * while they run they hold one of the caller's few heavy-read places: a search at 100,000 guests costs a few hundred
 * milliseconds, and fifty at once made every other request wait for seconds.
 */
export async function listGuests(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: z.infer<typeof guestListQuery>,
): Promise<z.infer<typeof guestList>> {
  await requireEvent(context.db, access, eventId, "events.read");
  const where = guestListConditions(eventId, query);
  const after = query.cursor ? positionOf(query.cursor, query.sort, query.direction) : undefined;
  const page = { ...query, offset: after ? 0 : query.offset, after };
  return withHeavyReadPlace(context.database, access.principal, () =>
    withListTimeout(context, async (executor) => {
      // One page more than asked tells whether another follows.
      const found = await (query.query?.trim() ? searchPage(executor, where, page) : sortedPage(executor, where, page));
      const [count] = await executor.select({ total: sql<number>`count(*)::int` }).from(guests).where(where);
      const rows = found.slice(0, query.limit);
      const last = found.length > query.limit ? rows.at(-1) : undefined;
      return {
        items: await toGuests(
          executor,
          rows.map(({ sortKey: _key, ...row }) => row),
        ),
        total: count?.total ?? 0,
        nextCursor: last
          ? encodeCursor({ sort: query.sort, direction: query.direction, key: last.sortKey, id: last.id })
          : null,
      };
    }),
  );
}

type PageQuery = Pick<z.infer<typeof guestListQuery>, "sort" | "direction" | "limit" | "offset"> & {
  after: Position | undefined;
};

function sortedPage(executor: Executor, where: SQL | undefined, page: PageQuery) {
  const order = guestOrder(page.sort, page.direction);
  return executor
    .select({ ...getTableColumns(guests), sortKey: order.key })
    .from(guests)
    .where(and(where, page.after && order.after(page.after)))
    .orderBy(...order.orderBy)
    .limit(page.limit + 1)
    .offset(page.offset);
}

/**
 * A searched word is often a name found in few rows, all together in the sort order. PostgreSQL, assuming they are
 * spread evenly, walks the sort index hoping to meet them early, and at 100,000 guests may read half the event
 * (EXPLAIN: 220 ms). The `offset 0` fence makes it fetch the matches through the trigram index first, then sort them.
 */
function searchPage(executor: Executor, where: SQL | undefined, page: PageQuery) {
  const order = guestOrder(page.sort, page.direction);
  const matching = executor
    .select({ ...getTableColumns(guests), sortKey: order.key.as("sort_key") })
    .from(guests)
    .where(and(where, page.after && order.after(page.after)))
    .offset(0)
    .as("matching");
  return executor
    .select()
    .from(matching)
    .orderBy(...guestOrder(page.sort, page.direction, matching).orderBy)
    .limit(page.limit + 1)
    .offset(page.offset);
}
