import { createHash } from "node:crypto";
import { and, ilike, type SQL, sql } from "drizzle-orm";
import type { CheckinRefusal, CheckinResult } from "../../../contract/checkin.js";
import type { Language } from "../../../contract/common.js";
import type { Executor } from "../../db/connection.js";
import { preparedStatement } from "../../db/prepared.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import { gatheredCalls } from "../../platform/gathered-calls.js";
import { type PassReference, passCodeSecret, readPassCode } from "../../platform/pass-codes.js";
import { searchable } from "../guests/guests.list.js";
import { guests } from "../guests/guests.tables.js";
import { guestConditionsSql } from "../ticketing/guest-conditions.js";
import { orderItems, orders } from "../ticketing/ticketing.tables.js";
import { type Device, deviceStillJoined } from "./checkin-devices.js";
import {
  definitionColumns,
  type FieldDefinitions,
  type ShownGuestRow,
  shownGuest,
  shownGuestColumns,
} from "./checkin-guest-view.js";
import { announceCheckins } from "./checkin-live.js";
import type { CheckinSessionRow } from "./checkin-sessions.service.js";

/**
 * A scan is ONE statement (issue 20, Speed): it finds the pass (a guest, or a ticket by its code), judges it (the
 * guest's status, the ticket's order, the session's conditions, a standing check-in anywhere in the event), records
 * the check-in (its id is the device's scan id: a scan sent again is the same row) and answers with the guest's
 * displayed fields, in one round trip. The scans of a session that arrive while its statement runs go together into
 * its next one (`gatheredCalls`): at the doors' rush ten phones share a statement and a commit instead of queueing
 * for one each. The code's signature is checked before, in memory: a forged code costs no query.
 */

export type Scanner = {
  session: CheckinSessionRow;
  source: "live" | "organizer";
  deviceId: string | null;
};

type ScanInput = { scanId: string; code?: string; guestId?: string };

/** The pass a scanned text or a picked guest names, or undefined for a text that is not one of our codes. */
export async function passOf(context: AppContext, scan: ScanInput): Promise<PassReference | undefined> {
  if (scan.guestId) return { kind: "guest", guestId: scan.guestId };
  return readPassCode(await passCodeSecret(context), scan.code ?? "");
}

const unknownCode: CheckinResult = {
  outcome: "refused",
  refusal: "unknown_code",
  checkin: null,
  previous: null,
  guest: null,
};

export async function scan(
  context: AppContext,
  scanner: Scanner,
  input: ScanInput,
  language: Language,
): Promise<CheckinResult> {
  const pass = await passOf(context, input);
  if (!pass) return unknownCode;
  const row = await scansOf(
    context,
    scanner.session,
  )({
    scanId: input.scanId,
    guestRef: pass.kind === "guest" ? pass.guestId : null,
    codeRef: pass.kind === "ticket" ? pass.code : null,
    deviceId: scanner.deviceId,
    source: scanner.source,
  });
  if (!row) return unknownCode;
  if (!row.stillJoined) throw new AppError(401, "CHECKIN_DEVICE_SIGNED_OUT");
  const guest = shownGuest(scanner.session.displayedFields, row, row, language);
  if (row.accepted) {
    announceCheckins(context, [
      { e: scanner.session.eventId, s: scanner.session.id, c: row.accepted.checkinId, u: false },
    ]);
  }
  const place = row.accepted ?? row.earlier;
  if (row.refusal === null && place) {
    return { outcome: "accepted", refusal: null, checkin: placeOf(place), previous: null, guest };
  }
  // The same pass scanned twice in one statement: the second is refused as if it came after the first.
  const refusal = row.refusal ?? "already_checked_in";
  const previous = refusal === "already_checked_in" ? (row.previous ?? row.sameStatement) : null;
  return { outcome: "refused", refusal, checkin: null, previous: previous && placeOf(previous), guest };
}

/** A scan as its session's statement takes it, one of those gathered. */
type ScanRequest = {
  scanId: string;
  guestRef: string | null;
  codeRef: string | null;
  deviceId: string | null;
  source: Scanner["source"];
};
type ScanRow = ShownGuestRow &
  FieldDefinitions & {
    position: number;
    scanId: string;
    refusal: CheckinRefusal | null;
    stillJoined: boolean;
    accepted: PlaceRow | null;
    earlier: PlaceRow | null;
    previous: PlaceRow | null;
    sameStatement: PlaceRow | null;
  };

/**
 * A scan with neither verdict nor place: another statement wrote its pass (or its scan id) between this one's reading
 * and its insert. Run again, it sees that write and answers what it made; still so, the scan id is another pass's.
 */
const lost = (row: ScanRow) =>
  row.stillJoined && row.refusal === null && !row.accepted && !row.earlier && !row.sameStatement;

/** The rows of `requests`, in their order (undefined where no pass was found), run once more where lost. */
async function runScans(context: AppContext, session: CheckinSessionRow, requests: ScanRequest[]) {
  const run = async (batch: ScanRequest[]) => {
    const rows = await scanStatement(session)(context.db).execute({
      eventId: session.eventId,
      sessionId: session.id,
      sessionName: session.name,
      scanIds: batch.map((request) => request.scanId),
      guestRefs: batch.map((request) => request.guestRef),
      codeRefs: batch.map((request) => request.codeRef),
      deviceIds: batch.map((request) => request.deviceId),
      sources: batch.map((request) => request.source),
    });
    const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
    return batch.map((_, index) => byPosition.get(index + 1));
  };
  const rows = await run(requests);
  const again = requests.filter((_, index) => {
    const row = rows[index];
    return row !== undefined && lost(row);
  });
  if (again.length === 0) return rows;
  const second = await run(again);
  return rows.map((row) => {
    if (!row || !lost(row)) return row;
    const retried = second[again.findIndex((request) => request.scanId === row.scanId)];
    return retried && !lost(retried) ? retried : undefined;
  });
}

/** Each session statement's gathered calls, per context, bounded as the statements are. */
const gatherers = new WeakMap<AppContext, Map<string, (request: ScanRequest) => Promise<ScanRow | undefined>>>();
function scansOf(context: AppContext, session: CheckinSessionRow) {
  let ofContext = gatherers.get(context);
  if (!ofContext) {
    ofContext = new Map();
    gatherers.set(context, ofContext);
  }
  const key = sessionKey(session);
  let gathered = ofContext.get(key);
  if (!gathered) {
    if (ofContext.size >= maxSessionStatements) ofContext.delete(ofContext.keys().next().value as string);
    gathered = gatheredCalls((requests: ScanRequest[]) => runScans(context, session, requests));
    ofContext.set(key, gathered);
  }
  return gathered;
}

type PlaceRow = { checkinId: string; at: string; sessionName: string };
const placeOf = (place: PlaceRow) => ({ ...place, at: new Date(place.at).toISOString() });
const placeJson = (alias: string) =>
  sql.raw(
    `json_build_object('checkinId', ${alias}.id, 'at', ${alias}.scanned_at, 'sessionName', ${alias}.session_name)`,
  );

/** `select a as "a", ...` of a record of columns, and the same names read back from `from`. */
export const selectList = (columns: Record<string, SQL>) =>
  sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
const readBack = <Columns extends Record<string, SQL>>(from: string, columns: Columns) =>
  Object.fromEntries(
    Object.keys(columns).map((name) => [name, sql`${sql.identifier(from)}.${sql.identifier(name)}`]),
  ) as {
    [Name in keyof Columns]: Columns[Name];
  };

/**
 * The statements of a session, built the first time it scans and again after it changes (conditions and displayed
 * fields are written into them): their names carry the session's id and its last change. Bounded like the names of
 * the PostgreSQL server's prepared statements on each connection.
 */
const maxSessionStatements = 200;
const sessionKey = (session: CheckinSessionRow) => `${session.id}:${session.updatedAt.getTime()}`;
function perSession<Statement>(label: string, build: (session: CheckinSessionRow, name: string) => Statement) {
  const statements = new Map<string, Statement>();
  return (session: CheckinSessionRow): Statement => {
    const key = sessionKey(session);
    let statement = statements.get(key);
    if (!statement) {
      if (statements.size >= maxSessionStatements) statements.delete(statements.keys().next().value as string);
      const name = `checkin_${label}_${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
      statement = build(session, name);
      statements.set(key, statement);
    }
    return statement;
  };
}

const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The passes of the event that `match` picks, as rows a scan judges: the guest's displayed columns (their own pass, or
 * the holder of the ticket), the pass key, the ticket's code and its own refusal, and whether the session's conditions
 * let the guest in. A cart's items are no ticket. Also what the offline list and an upload read, so that all three
 * judge alike.
 */
export function passSource(session: CheckinSessionRow, kind: PassReference["kind"], eventId: SQL, match: SQL) {
  const allowed = guestConditionsSql(session.conditions) ?? sql`true`;
  const shown = selectList(shownGuestColumns(session));
  const judged = sql`coalesce(${allowed}, false) as allowed, ${guests.searchText} as search_text`;
  if (kind === "guest") {
    return sql`select ${shown}, null::uuid as item_id, null::text as code, 'g:' || ${guests.id} as pass_key,
      null::text as ticket_refusal, ${judged}
      from ${guests} where ${guests.eventId} = ${eventId} and ${match}`;
  }
  return sql`select ${shown}, ${orderItems.id} as item_id, ${orderItems.code} as code, 't:' || ${orderItems.id} as pass_key,
      case when ${orderItems.refunded} or ${orders.status} in ('cancelled', 'refunded') then 'refunded'
        when ${orders.status} not in ('completed', 'partially_refunded') then 'not_allowed' end as ticket_refusal,
      ${judged}
      from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId}
      inner join ${guests} on ${guests.id} = ${orderItems.holderGuestId}
      where ${orders.eventId} = ${eventId} and ${guests.eventId} = ${eventId} and ${orders.status} <> 'in_cart'
        and ${match}`;
}

/** The refusal of a pass, in the order staff need it: a cancelled guest before a door's conditions. */
export const refusalCase = (pass: string, standing: SQL) =>
  sql`case when ${sql.raw(pass)}.status in ('refused', 'cancelled', 'rejected') then 'cancelled'
    when ${sql.raw(pass)}.ticket_refusal is not null then ${sql.raw(pass)}.ticket_refusal
    when not ${sql.raw(pass)}.allowed then 'not_allowed'
    when ${standing} then 'already_checked_in' end`;

const scanStatement = perSession("scan", (session, name) =>
  preparedStatement((executor: Executor) => {
    const eventId = value("eventId", "uuid");
    const shown = shownGuestColumns(session);
    // Each array in a subquery, so that the planner cannot count it: counted, every run's own plan looked cheaper
    // than the plan kept for all (5 scans against 10 guessed), and each statement was planned anew, its longest part.
    const list = (name: string, type: string) => sql`(select ${value(name, type)})`;
    const input = executor.$with("input", {}).as(
      sql`select * from unnest(${list("scanIds", "uuid[]")}, ${list("guestRefs", "uuid[]")}, ${list("codeRefs", "text[]")},
          ${list("deviceIds", "uuid[]")}, ${list("sources", "text[]")})
        with ordinality as input(scan_id, guest_ref, code_ref, device_id, source, position)`,
    );
    // Each scan's own reads are scalar subqueries, searched by the whole index key: joins there were flattened, and a
    // plan cached while the table was small read every check-in of the event for each statement.
    const judged = executor.$with("judged", {}).as(
      sql`select scanned.*, row_number() over (partition by scanned.pass_key order by scanned.position) as turn,
          case when scanned.earlier is not null then null
            else ${refusalCase("scanned", sql`scanned.standing is not null`)} end as refusal
        from (
          select pass.*, input.scan_id, input.device_id, input.source, input.position,
            (select ${placeJson("checkins")} from checkins where checkins.id = input.scan_id
              and checkins.event_id = ${eventId} and checkins.pass_key = pass.pass_key) as earlier,
            (select ${placeJson("checkins")} from checkins where checkins.event_id = ${eventId}
              and checkins.pass_key = pass.pass_key and checkins.undone_at is null and not checkins.flagged) as standing,
            ${deviceStillJoined(sql`input.device_id`)} as still_joined
          from input cross join lateral (
            ${passSource(session, "guest", eventId, sql`${guests.id} = input.guest_ref`)}
            union all ${passSource(session, "ticket", eventId, sql`${orderItems.code} = input.code_ref`)}
          ) as pass
        ) as scanned`,
    );
    const inserted = executor.$with("inserted", {}).as(
      sql`insert into checkins (id, event_id, session_id, session_name, guest_id, order_item_id, pass_key, device_id,
          source, scanned_at)
        select scan_id, ${eventId}, ${value("sessionId", "uuid")}, ${value("sessionName", "text")}, "guestId", item_id,
          pass_key, device_id, source, now()
        from judged where refusal is null and earlier is null and turn = 1 and still_joined
        on conflict do nothing
        returning id, pass_key, scanned_at, session_name`,
    );
    return executor
      .with(input, judged, inserted)
      .select({
        ...(readBack("judged", shown) as unknown as { [Key in keyof ShownGuestRow]: SQL<ShownGuestRow[Key]> }),
        position: sql<number>`judged.position`,
        scanId: sql<string>`judged.scan_id`,
        refusal: sql<CheckinRefusal | null>`judged.refusal`,
        stillJoined: sql<boolean>`judged.still_joined`,
        accepted: sql<PlaceRow | null>`(select ${placeJson("inserted")} from inserted
          where inserted.id = judged.scan_id and inserted.pass_key = judged.pass_key)`,
        earlier: sql<PlaceRow | null>`judged.earlier`,
        previous: sql<PlaceRow | null>`judged.standing`,
        sameStatement: sql<PlaceRow | null>`(select ${placeJson("inserted")} from inserted
          where inserted.pass_key = judged.pass_key and inserted.id <> judged.scan_id)`,
        ...definitionColumns(session, eventId),
      })
      .from(sql`judged`)
      .prepare(name);
  }),
);

/**
 * Undoes a standing check-in of the event (a mistaken scan): `undone_at` set, the live screens told. A device undoes
 * only its own session's. An undone check-in answers the same again; anything else of the event, 404.
 */
export async function undo(
  context: AppContext,
  scanner: Scanner,
  checkinId: string,
  language: Language,
): Promise<CheckinResult> {
  const [row] = await undoStatement(scanner.session)(context.db).execute({
    checkinId,
    eventId: scanner.session.eventId,
    sessionId: scanner.source === "live" ? scanner.session.id : null,
  });
  if (!row) throw notFound();
  if (row.undoneSessionId) {
    announceCheckins(context, [{ e: scanner.session.eventId, s: row.undoneSessionId, c: checkinId, u: true }]);
  }
  return {
    outcome: "undone",
    refusal: null,
    checkin: placeOf(row.place),
    previous: null,
    guest: shownGuest(scanner.session.displayedFields, row, row, language),
  };
}

const undoStatement = perSession("undo", (session, name) =>
  preparedStatement((executor: Executor) => {
    const eventId = value("eventId", "uuid");
    const sessionId = value("sessionId", "uuid");
    const target = executor.$with("target", {}).as(
      sql`select id, session_id, scanned_at, session_name, guest_id, undone_at from checkins
        where id = ${value("checkinId", "uuid")} and event_id = ${eventId} and not flagged
          and (${sessionId} is null or session_id = ${sessionId})`,
    );
    const undone = executor.$with("undone", {}).as(
      sql`update checkins set undone_at = now() where id = (select id from target where undone_at is null)
        returning id, session_id`,
    );
    const shown = shownGuestColumns(session);
    const found = executor.$with("found", {}).as(
      sql`select ${selectList(shown)}, ${placeJson("target")} as place
        from target inner join ${guests} on ${guests.id} = target.guest_id`,
    );
    return executor
      .with(target, undone, found)
      .select({
        ...(readBack("found", shown) as unknown as { [Key in keyof ShownGuestRow]: SQL<ShownGuestRow[Key]> }),
        place: sql<PlaceRow>`found.place`,
        undoneSessionId: sql<string | null>`(select session_id from undone)`,
        ...definitionColumns(session, eventId),
      })
      .from(sql`found`)
      .prepare(name);
  }),
);

const searchLimit = 20;
const likePattern = (word: string) =>
  `%${word.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;

/**
 * A device's search by name (names, email, company; any order, accents ignored): 20 guests of the event at most,
 * each with the standing check-in of their own pass, for staff to pick one to check in.
 */
export async function searchGuests(context: AppContext, { session }: Device, query: string, language: Language) {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  const eventId = sql`${session.eventId}::uuid`;
  const match = and(...words.map((word) => ilike(guests.searchText, likePattern(word)))) ?? sql`true`;
  const rows = (await context.db.execute(
    sql`with found as (${passSource(session, "guest", eventId, match)} order by ${guests.lastName}, ${guests.firstName}
        limit ${searchLimit})
      select found.*, ${selectList(definitionColumns(session))},
        (select ${placeJson("checkins")} from checkins where checkins.event_id = ${eventId}
          and checkins.pass_key = found.pass_key and checkins.undone_at is null and not checkins.flagged) as place
      from found`,
  )) as unknown as { rows: Array<ShownGuestRow & FieldDefinitions & { place: PlaceRow | null }> };
  return {
    items: rows.rows.map((row) => ({
      ...shownGuest(session.displayedFields, row, row, language),
      checkedIn: row.place && placeOf(row.place),
    })),
  };
}
