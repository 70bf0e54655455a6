import { sql } from "drizzle-orm";
import type { Language } from "../../../contract/common.js";
import { exportLabels } from "../../../contract/guest-export.js";
import { choiceFieldTypes, type GuestStatus, guestStatuses } from "../../../contract/guests.js";
import type { SpreadsheetFormat } from "../../../contract/spreadsheet.js";
import type { EventStatistics, StatisticsSection } from "../../../contract/statistics.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { type CellValue, writeSpreadsheet } from "../../platform/spreadsheet.js";
import { eventMailFigures } from "../campaigns/statistics/statistics.service.js";
import { eventStatistics as checkinFigures } from "../checkin/checkin-statistics.service.js";
import { localizedText } from "../events/events.values.js";
import type { EventRow } from "../events/events.visibility.js";
import { customFields, guests } from "../guests/guests.tables.js";
import { orderItems, orders, tickets } from "../ticketing/ticketing.tables.js";

/*
 * Issue 21: how an event is doing, read from each module's own tables in one aggregate statement per section (the
 * mails and check-ins through their modules' own readers), never rows counted in JavaScript.
 */

const int = (expression: ReturnType<typeof sql>) => sql<number>`(${expression})::int`;
/**
 * A moment as the day it fell on in the event's timezone. The zone is written as a literal, not a parameter: grouped
 * by, the expression must be the select's own, and each use of a parameter is a new placeholder ($1, $2...).
 */
const dayOf = (event: EventRow, moment: ReturnType<typeof sql>) =>
  sql<string>`to_char(${moment} at time zone ${sql.raw(`'${event.timezone.replaceAll("'", "''")}'`)}, 'YYYY-MM-DD')`;

async function registrations(executor: Executor, event: EventRow) {
  const day = dayOf(event, sql`coalesce(${guests.registeredAt}, ${guests.createdAt})`);
  const [byDay, byStatus] = await Promise.all([
    executor
      .select({ day, count: int(sql`count(*)`) })
      .from(guests)
      .where(sql`${guests.eventId} = ${event.id}`)
      .groupBy(day)
      .orderBy(day),
    executor
      .select({ status: guests.status, count: int(sql`count(*)`) })
      .from(guests)
      .where(sql`${guests.eventId} = ${event.id}`)
      .groupBy(guests.status),
  ]);
  const counted = new Map<GuestStatus, number>(byStatus.map((row) => [row.status, row.count]));
  return {
    registrations: { total: byDay.reduce((sum, row) => sum + row.count, 0), byDay },
    statuses: guestStatuses.map((status) => ({ status, count: counted.get(status) ?? 0 })),
  };
}

type FieldCountRow = { field_id: string; choice_id: string | null; count: number };

/**
 * Each choice field's guests per choice, and (the grouping set without the choice) the guests who chose anything: a
 * single choice is a string, several an array; a choice since removed from the field is not shown.
 */
async function fieldDistributions(executor: Executor, event: EventRow) {
  const types = sql.join(
    choiceFieldTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const [fields, counted] = await Promise.all([
    executor
      .select({ id: customFields.id, name: customFields.name, type: customFields.type, choices: customFields.choices })
      .from(customFields)
      .where(sql`${customFields.eventId} = ${event.id} and ${customFields.type} in (${types})`)
      .orderBy(customFields.position, customFields.name),
    executor.execute(sql`
      select f.id as field_id, v.choice as choice_id, count(distinct g.id)::int as count
      from ${customFields} f
      join ${guests} g on g.event_id = f.event_id
      cross join lateral jsonb_array_elements_text(case jsonb_typeof(g.custom_fields -> f.id::text)
        when 'array' then g.custom_fields -> f.id::text
        when 'string' then jsonb_build_array(g.custom_fields -> f.id::text)
        else '[]'::jsonb end) as v(choice)
      where f.event_id = ${event.id} and f.type in (${types})
      group by grouping sets ((f.id, v.choice), (f.id))`) as unknown as Promise<{ rows: FieldCountRow[] }>,
  ]);
  const countOf = (fieldId: string, choiceId: string | null) =>
    counted.rows.find((row) => row.field_id === fieldId && row.choice_id === choiceId)?.count ?? 0;
  return fields.map((field) => ({
    fieldId: field.id,
    name: field.name,
    type: field.type,
    answered: countOf(field.id, null),
    choices: field.choices.map((choice) => ({
      choiceId: choice.id,
      label: choice.label,
      count: countOf(field.id, choice.id),
    })),
  }));
}

/**
 * Sales as the order list counts revenue: completed and partially refunded orders, live ones only (test orders are
 * never money); each unit's price less its discount and what was refunded of it. By ticket, by day, and in all (the
 * grouping sets of one statement).
 */
async function sales(executor: Executor, event: EventRow, language: Language) {
  const day = dayOf(event, sql`coalesce(${orders.completedAt}, ${orders.createdAt})`);
  const rows = await executor
    .select({
      byTicket: sql<boolean>`grouping(${orderItems.ticketId}) = 0`,
      byDay: sql<boolean>`grouping(${day}) = 0`,
      ticketId: orderItems.ticketId,
      caption: tickets.caption,
      day,
      currency: sql<string | null>`min(${orders.currency})`,
      units: int(sql`count(*) filter (where not ${orderItems.refunded})`),
      revenueCents: int(sql`coalesce(sum(${orderItems.unitPriceInclTaxCents} - ${orderItems.discountInclTaxCents}
        - ${orderItems.refundedCents}), 0)`),
    })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .innerJoin(tickets, sql`${tickets.id} = ${orderItems.ticketId}`)
    .where(
      sql`${orders.eventId} = ${event.id} and ${orders.status} in ('completed', 'partially_refunded')
        and not ${orders.testMode}`,
    )
    .groupBy(sql`grouping sets ((${orderItems.ticketId}, ${tickets.caption}, ${tickets.position}), (${day}), ())`)
    .orderBy(sql`${tickets.position} nulls last`, day);
  const total = rows.find((row) => !row.byTicket && !row.byDay);
  return {
    currency: total?.currency ?? "EUR",
    units: total?.units ?? 0,
    revenueCents: total?.revenueCents ?? 0,
    byTicket: rows
      .filter((row) => row.byTicket)
      .map((row) => ({
        ticketId: row.ticketId,
        name: localizedText(row.caption, language, event.preferredLanguage),
        units: row.units,
        revenueCents: row.revenueCents,
      })),
    byDay: rows
      .filter((row) => row.byDay)
      .map((row) => ({ day: row.day, units: row.units, revenueCents: row.revenueCents })),
  };
}

/** GET events/{account}/{event}/statistics: every section, read side by side. */
export async function eventStatistics(
  executor: Executor,
  event: EventRow,
  language: Language,
): Promise<EventStatistics> {
  const [guestFigures, fields, sold, mails, checkins] = await Promise.all([
    registrations(executor, event),
    fieldDistributions(executor, event),
    sales(executor, event, language),
    eventMailFigures(executor, event.id),
    checkinFigures(executor, event.id, language),
  ]);
  return {
    ...guestFigures,
    fields,
    sales: sold,
    mails,
    checkins: { expected: checkins.expected, checkedIn: checkins.checkedIn, bySession: checkins.bySession },
  };
}

type SectionLabels = {
  day: string;
  guests: string;
  status: string;
  field: string;
  choice: string;
  answered: string;
  ticket: string;
  units: string;
  revenue: string;
  total: string;
  figure: string;
  count: string;
  session: string;
  checkins: string;
  mails: Record<"campaigns" | keyof EventStatistics["mails"]["deliverability"] | MailReaction, string>;
};
type MailReaction = "opens" | "uniqueOpens" | "clicks" | "uniqueClicks";

const sectionLabels: Record<Language, SectionLabels> = {
  en: {
    day: "Day",
    guests: "Guests",
    status: "Status",
    field: "Field",
    choice: "Choice",
    answered: "Answered",
    ticket: "Ticket",
    units: "Units sold",
    revenue: "Revenue",
    total: "Total",
    figure: "Figure",
    count: "Count",
    session: "Session",
    checkins: "Check-ins",
    mails: {
      campaigns: "Campaigns",
      recipients: "Recipients",
      waiting: "Waiting",
      sent: "Sent",
      delivered: "Delivered",
      bounced: "Bounced",
      blocked: "Blocked",
      errors: "Errors",
      unsubscribed: "Unsubscribed",
      opens: "Opens",
      uniqueOpens: "Unique opens",
      clicks: "Clicks",
      uniqueClicks: "Unique clicks",
    },
  },
  fr: {
    day: "Jour",
    guests: "Invités",
    status: "Statut",
    field: "Champ",
    choice: "Choix",
    answered: "Ont répondu",
    ticket: "Billet",
    units: "Billets vendus",
    revenue: "Recettes",
    total: "Total",
    figure: "Mesure",
    count: "Nombre",
    session: "Session",
    checkins: "Entrées",
    mails: {
      campaigns: "Campagnes",
      recipients: "Destinataires",
      waiting: "En attente",
      sent: "Envoyés",
      delivered: "Délivrés",
      bounced: "Rejetés (bounce)",
      blocked: "Bloqués",
      errors: "Erreurs",
      unsubscribed: "Désinscrits",
      opens: "Ouvertures",
      uniqueOpens: "Ouvertures uniques",
      clicks: "Clics",
      uniqueClicks: "Clics uniques",
    },
  },
  es: {
    day: "Día",
    guests: "Invitados",
    status: "Estado",
    field: "Campo",
    choice: "Opción",
    answered: "Respondieron",
    ticket: "Entrada",
    units: "Entradas vendidas",
    revenue: "Ingresos",
    total: "Total",
    figure: "Medida",
    count: "Número",
    session: "Sesión",
    checkins: "Entradas registradas",
    mails: {
      campaigns: "Campañas",
      recipients: "Destinatarios",
      waiting: "En espera",
      sent: "Enviados",
      delivered: "Entregados",
      bounced: "Rebotados",
      blocked: "Bloqueados",
      errors: "Errores",
      unsubscribed: "Dados de baja",
      opens: "Aperturas",
      uniqueOpens: "Aperturas únicas",
      clicks: "Clics",
      uniqueClicks: "Clics únicos",
    },
  },
};

/** A section's table: its header and its rows, as the page's table shows them. */
function sectionTable(figures: EventStatistics, section: StatisticsSection, language: Language) {
  const labels = sectionLabels[language];
  const money = (cents: number) => cents / 100;
  switch (section) {
    case "registrations":
      return {
        header: [labels.day, labels.guests],
        rows: figures.registrations.byDay.map((row): CellValue[] => [row.day, row.count]),
      };
    case "statuses":
      return {
        header: [labels.status, labels.guests],
        rows: figures.statuses.map((row): CellValue[] => [exportLabels[language].status[row.status], row.count]),
      };
    case "fields":
      return {
        header: [labels.field, labels.choice, labels.guests],
        rows: figures.fields.flatMap((field) => [
          ...field.choices.map((choice): CellValue[] => [field.name, choice.label, choice.count]),
          [field.name, labels.answered, field.answered],
        ]),
      };
    case "sales":
      return {
        header: [labels.ticket, labels.units, `${labels.revenue} (${figures.sales.currency})`],
        rows: [
          ...figures.sales.byTicket.map((row): CellValue[] => [row.name, row.units, money(row.revenueCents)]),
          [labels.total, figures.sales.units, money(figures.sales.revenueCents)],
        ],
      };
    case "mails": {
      const { deliverability, reactivity } = figures.mails;
      const counts = { campaigns: figures.mails.campaigns, ...deliverability, ...reactivity };
      return {
        header: [labels.figure, labels.count],
        rows: (Object.keys(labels.mails) as (keyof SectionLabels["mails"])[]).map((name): CellValue[] => [
          labels.mails[name],
          counts[name],
        ]),
      };
    }
    case "checkins":
      return {
        header: [labels.session, labels.checkins],
        rows: figures.checkins.bySession.map((row): CellValue[] => [row.name, row.count]),
      };
  }
}

/** GET events/{account}/{event}/statistics/{section}/export: the section's table, as `statistics-<section>-<slug>`. */
export async function exportSection(
  context: AppContext,
  event: EventRow,
  section: StatisticsSection,
  format: SpreadsheetFormat,
  language: Language,
) {
  const { header, rows } = sectionTable(await eventStatistics(context.db, event, language), section, language);
  return writeSpreadsheet({
    format,
    name: `statistics-${section}-${event.slug}`,
    sheetName: header[0],
    language,
    columns: header.map((title, index) => ({ header: title, cell: (row: CellValue[]) => row[index] ?? "" })),
    rows: (async function* () {
      yield* rows;
    })(),
    onError: (error) => context.logger.error({ err: error, eventId: event.id }, "statistics export stopped"),
  });
}
