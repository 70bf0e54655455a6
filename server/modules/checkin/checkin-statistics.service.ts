import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  Arrival,
  arrivalsQuery,
  CheckinStatistics,
  CheckinStats,
  checkinExportQuery,
} from "../../../contract/checkin.js";
import type { Language } from "../../../contract/common.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { exportRows, type SpreadsheetColumn, writeSpreadsheet } from "../../platform/spreadsheet.js";
import type { EventRow } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { guestConditionsSql } from "../ticketing/guest-conditions.js";
import { orderItems, orders, ticketCategories, tickets } from "../ticketing/ticketing.tables.js";
import { checkinDevices, checkinSessions, checkins } from "./checkin.tables.js";
import { guestName } from "./checkin-guest-view.js";
import type { CheckinSessionRow } from "./checkin-sessions.service.js";

/**
 * What check-in screens and the statistics read: arrivals, a session's counts and the event's figures. A check-in
 * counts while it stands (not undone); a flagged one (the same pass scanned offline at a second door) is counted
 * apart, never as a second arrival.
 */

const arrivalColumns = {
  checkinId: checkins.id,
  guestId: checkins.guestId,
  firstName: guests.firstName,
  lastName: guests.lastName,
  email: guests.email,
  at: checkins.scannedAt,
  sessionId: checkins.sessionId,
  sessionName: checkins.sessionName,
  source: checkins.source,
  flagged: checkins.flagged,
};
type ArrivalRow = {
  checkinId: string;
  guestId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  at: Date;
  sessionId: string | null;
  sessionName: string;
  source: Arrival["source"];
  flagged: boolean;
};

const toArrival = (row: ArrivalRow): Arrival => ({
  checkinId: row.checkinId,
  guestId: row.guestId,
  name: guestName(row),
  at: row.at.toISOString(),
  sessionId: row.sessionId,
  sessionName: row.sessionName,
  source: row.source,
  flagged: row.flagged,
});

const notUndone = isNull(checkins.undoneAt);

const readArrivals = (executor: Executor, where: SQL | undefined) =>
  executor
    .select(arrivalColumns)
    .from(checkins)
    .innerJoin(guests, eq(guests.id, checkins.guestId))
    .where(and(notUndone, where));

/** The arrivals the live messages carry, by check-in id. */
export async function arrivalsByIds(executor: Executor, eventId: string, ids: string[]): Promise<Arrival[]> {
  const rows = await readArrivals(executor, and(eq(checkins.eventId, eventId), inArray(checkins.id, ids)));
  return rows.map(toArrival);
}

/** A session's arrivals, latest first. */
export async function sessionArrivals(executor: Executor, sessionId: string, query: z.output<typeof arrivalsQuery>) {
  const where = and(
    eq(checkins.sessionId, sessionId),
    query.flagged === undefined ? undefined : eq(checkins.flagged, query.flagged === "true"),
  );
  const [rows, [total]] = await Promise.all([
    readArrivals(executor, where)
      .orderBy(desc(checkins.scannedAt), desc(checkins.id))
      .limit(query.limit)
      .offset(query.offset),
    executor.select({ n: count() }).from(checkins).where(and(notUndone, where)),
  ]);
  return { items: rows.map(toArrival), total: total?.n ?? 0 };
}

/** The guests in at each session: its standing check-ins that are not flagged. */
export async function standingCounts(executor: Executor, sessionIds: string[]): Promise<Map<string, number>> {
  const rows = await executor
    .select({ sessionId: checkins.sessionId, n: count() })
    .from(checkins)
    .where(and(inArray(checkins.sessionId, sessionIds), notUndone, sql`not ${checkins.flagged}`))
    .groupBy(checkins.sessionId);
  return new Map(rows.map((row) => [row.sessionId ?? "", row.n]));
}

/** Arrivals per quarter hour (the bucket's start), for the charts. */
async function overTime(executor: Executor, where: SQL | undefined) {
  const bucket = sql<Date>`to_timestamp(floor(extract(epoch from ${checkins.scannedAt}) / 900) * 900)`;
  const rows = await executor
    .select({ at: bucket, count: count() })
    .from(checkins)
    .where(and(notUndone, sql`not ${checkins.flagged}`, where))
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), count: row.count }));
}

/** GET checkins/{id}/stats (and the legacy getCheckin): expected as the session list counts it, arrivals, devices. */
export async function sessionStats(executor: Executor, session: CheckinSessionRow): Promise<CheckinStats> {
  const [[expected], [scans], [devices], times] = await Promise.all([
    executor
      .select({ n: count() })
      .from(guests)
      .where(and(eq(guests.eventId, session.eventId), guestConditionsSql(session.conditions))),
    executor
      .select({
        checkedIn: sql<number>`count(*) filter (where not ${checkins.flagged})`.mapWith(Number),
        flagged: sql<number>`count(*) filter (where ${checkins.flagged})`.mapWith(Number),
      })
      .from(checkins)
      .where(and(eq(checkins.sessionId, session.id), notUndone)),
    executor.select({ n: count() }).from(checkinDevices).where(eq(checkinDevices.sessionId, session.id)),
    overTime(executor, eq(checkins.sessionId, session.id)),
  ]);
  return {
    expected: expected?.n ?? 0,
    checkedIn: scans?.checkedIn ?? 0,
    flagged: scans?.flagged ?? 0,
    devices: devices?.n ?? 0,
    overTime: times,
  };
}

const withoutCategory: Record<Language, string> = {
  fr: "Sans catégorie",
  en: "Without category",
  es: "Sin categoría",
};

/**
 * The event's check-in figures: guests expected (every guest who has not cancelled, refused or been rejected), guests
 * in, flagged scans, arrivals over time, by session (a deleted session keeps its name), and by ticket category: the
 * valid tickets sold, and how many of them came in (the ticket scanned, or its holder's badge).
 */
export async function eventStatistics(
  executor: Executor,
  eventId: string,
  language: Language,
): Promise<CheckinStatistics> {
  const ofEvent = eq(checkins.eventId, eventId);
  const [[expected], [scans], times, sessions, counted, categories] = await Promise.all([
    executor
      .select({ n: count() })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), sql`${guests.status} not in ('refused', 'cancelled', 'rejected')`)),
    executor
      .select({
        checkedIn: sql<number>`count(distinct ${checkins.guestId}) filter (where not ${checkins.flagged})`.mapWith(
          Number,
        ),
        flagged: sql<number>`count(*) filter (where ${checkins.flagged})`.mapWith(Number),
      })
      .from(checkins)
      .where(and(ofEvent, notUndone)),
    overTime(executor, ofEvent),
    executor
      .select({ id: checkinSessions.id, name: checkinSessions.name })
      .from(checkinSessions)
      .where(eq(checkinSessions.eventId, eventId))
      .orderBy(checkinSessions.createdAt),
    executor
      .select({ sessionId: checkins.sessionId, name: checkins.sessionName, n: count() })
      .from(checkins)
      .where(and(ofEvent, notUndone, sql`not ${checkins.flagged}`))
      .groupBy(checkins.sessionId, checkins.sessionName),
    categoryFigures(executor, eventId),
  ]);
  const bySession: CheckinStatistics["bySession"] = sessions.map((session) => ({
    sessionId: session.id,
    name: session.name,
    count: counted.filter((row) => row.sessionId === session.id).reduce((sum, row) => sum + row.n, 0),
  }));
  for (const row of counted) {
    if (row.sessionId === null) bySession.push({ sessionId: null, name: row.name, count: row.n });
  }
  return {
    expected: expected?.n ?? 0,
    checkedIn: scans?.checkedIn ?? 0,
    flagged: scans?.flagged ?? 0,
    overTime: times,
    bySession,
    byCategory: categories.map((row) => ({
      categoryId: row.categoryId,
      name: row.name ?? withoutCategory[language],
      sold: row.sold,
      checkedIn: row.checkedIn,
    })),
  };
}

function categoryFigures(executor: Executor, eventId: string) {
  const standingPass = (passKey: SQL) =>
    sql`exists (select 1 from ${checkins} where ${checkins.eventId} = ${eventId} and ${checkins.passKey} = ${passKey}
      and ${checkins.undoneAt} is null and not ${checkins.flagged})`;
  const cameIn = or(
    standingPass(sql`'t:' || ${orderItems.id}`),
    standingPass(sql`'g:' || ${orderItems.holderGuestId}`),
  ) as SQL;
  return executor
    .select({
      categoryId: tickets.categoryId,
      name: ticketCategories.name,
      sold: count(),
      checkedIn: sql<number>`count(*) filter (where ${cameIn})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
    .leftJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId))
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orders.status, ["completed", "partially_refunded"]),
        sql`not ${orderItems.refunded}`,
        sql`not ${tickets.isOption}`,
      ),
    )
    .groupBy(tickets.categoryId, ticketCategories.name, ticketCategories.position)
    .orderBy(sql`${ticketCategories.position} nulls last`, ticketCategories.name);
}

type ExportLabels = {
  sheet: string;
  at: string;
  name: string;
  email: string;
  session: string;
  source: string;
  flagged: string;
  undoneAt: string;
  sources: Record<Arrival["source"], string>;
  yes: string;
  no: string;
};

const exportLabels: Record<Language, ExportLabels> = {
  fr: {
    sheet: "Entrées",
    at: "Heure",
    name: "Nom",
    email: "Adresse e-mail",
    session: "Session",
    source: "Origine",
    flagged: "Signalée",
    undoneAt: "Annulée le",
    sources: { live: "En ligne", offline: "Hors ligne", organizer: "Organisateur" },
    yes: "Oui",
    no: "Non",
  },
  en: {
    sheet: "Check-ins",
    at: "Time",
    name: "Name",
    email: "Email address",
    session: "Session",
    source: "Source",
    flagged: "Flagged",
    undoneAt: "Undone on",
    sources: { live: "Live", offline: "Offline", organizer: "Organizer" },
    yes: "Yes",
    no: "No",
  },
  es: {
    sheet: "Entradas",
    at: "Hora",
    name: "Nombre",
    email: "Correo electrónico",
    session: "Sesión",
    source: "Origen",
    flagged: "Señalada",
    undoneAt: "Anulada el",
    sources: { live: "En línea", offline: "Sin conexión", organizer: "Organizador" },
    yes: "Sí",
    no: "No",
  },
};

const exportPageSize = 1000;
type ExportRow = ArrivalRow & { undoneAt: Date | null };

/** Every check-in of the event (undone and flagged ones too, marked), oldest first, as `checkins-<slug>.csv|xlsx`. */
export async function exportStatistics(
  context: AppContext,
  event: EventRow,
  query: z.output<typeof checkinExportQuery>,
  language: Language,
) {
  const labels = exportLabels[language];
  const time = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "medium", timeZone: event.timezone });
  const columns: SpreadsheetColumn<ExportRow>[] = [
    { header: labels.at, cell: (row) => time.format(row.at) },
    { header: labels.name, cell: (row) => guestName(row) },
    { header: labels.email, cell: (row) => row.email ?? "" },
    { header: labels.session, cell: (row) => row.sessionName },
    { header: labels.source, cell: (row) => labels.sources[row.source] },
    { header: labels.flagged, cell: (row) => (row.flagged ? labels.yes : labels.no) },
    { header: labels.undoneAt, cell: (row) => (row.undoneAt ? time.format(row.undoneAt) : "") },
  ];
  const readPage = (last: ExportRow | undefined) =>
    context.db
      .select({ ...arrivalColumns, undoneAt: checkins.undoneAt })
      .from(checkins)
      .innerJoin(guests, eq(guests.id, checkins.guestId))
      .where(
        and(
          eq(checkins.eventId, event.id),
          last
            ? or(
                sql`${checkins.scannedAt} > ${last.at}`,
                and(eq(checkins.scannedAt, last.at), sql`${checkins.id} > ${last.checkinId}`),
              )
            : undefined,
        ),
      )
      .orderBy(checkins.scannedAt, checkins.id)
      .limit(exportPageSize);
  return writeSpreadsheet({
    format: query.format,
    name: `checkins-${event.slug}`,
    sheetName: labels.sheet,
    language,
    columns,
    rows: await exportRows(exportPageSize, readPage),
    onError: (error) => context.logger.error({ err: error, eventId: event.id }, "check-in export stopped"),
  });
}
