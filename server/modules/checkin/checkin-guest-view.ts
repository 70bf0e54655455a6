import { type SQL, sql } from "drizzle-orm";
import type { CheckinGuest } from "../../../contract/checkin.js";
import type { Language } from "../../../contract/common.js";
import { exportLabels } from "../../../contract/guest-export.js";
import type { GuestStatus } from "../../../contract/guests.js";
import type { LocalizedText } from "../events/events.tables.js";
import { localizedText } from "../events/events.values.js";
import { type CustomFieldChoice, type CustomFieldValue, customFields, guests } from "../guests/guests.tables.js";
import { validTicketOfGuest } from "../ticketing/guest-conditions.js";
import { orderItems } from "../ticketing/ticketing.tables.js";

/**
 * A guest as a check-in screen shows them (a scan's answer, the search, the offline list): the session's displayed
 * fields, in its order, labelled in the reader's language. The columns are read with the statement that finds the
 * guest; the custom fields' names and the tickets' captions come with it (`definitionColumns`) or once per list.
 */
type DisplayedSession = { eventId: string; displayedFields: string[] };

const customKey = /^custom:(.+)$/;
const customFieldIdsOf = (session: DisplayedSession) =>
  session.displayedFields.flatMap((key) => customKey.exec(key)?.[1] ?? []);

/** The guest's columns a screen may show, selected from a statement that reads `guests`. */
export function shownGuestColumns(session: DisplayedSession) {
  return {
    guestId: sql<string>`${guests.id}`,
    firstName: sql<string>`${guests.firstName}`,
    lastName: sql<string>`${guests.lastName}`,
    civility: sql<string | null>`${guests.civility}`,
    email: sql<string | null>`${guests.email}`,
    company: sql<string>`${guests.company}`,
    jobTitle: sql<string>`${guests.jobTitle}`,
    phone: sql<string>`${guests.phone}`,
    status: sql<GuestStatus>`${guests.status}`,
    customFields: sql<Record<string, CustomFieldValue> | null>`${
      customFieldIdsOf(session).length > 0 ? guests.customFields : sql`null`
    }`,
    // The captions of the tickets that let the guest in (paid, not refunded), read only when the screen shows them.
    tickets: session.displayedFields.includes("ticket")
      ? sql<LocalizedText[] | null>`(select coalesce(json_agg(shown.caption order by shown.position), '[]')
          from tickets as shown where shown.event_id = ${guests.eventId}
          and ${validTicketOfGuest(sql`${orderItems.ticketId} = shown.id`)})`
      : sql<LocalizedText[] | null>`null`,
  };
}

export type ShownGuestRow = {
  guestId: string;
  firstName: string;
  lastName: string;
  civility: string | null;
  email: string | null;
  company: string;
  jobTitle: string;
  phone: string;
  status: GuestStatus;
  customFields: Record<string, CustomFieldValue> | null;
  tickets: LocalizedText[] | null;
};

type FieldDefinition = { id: string; name: string; type: string; choices: CustomFieldChoice[] };
/** What labels a guest's displayed fields: the custom fields' names and choices, the event's preferred language. */
export type FieldDefinitions = { fields: FieldDefinition[] | null; preferredLanguage: string };

/** `FieldDefinitions` as two scalar columns of any statement of the session's event. */
export function definitionColumns(session: DisplayedSession, eventId: SQL | string = session.eventId) {
  const ids = customFieldIdsOf(session);
  return {
    fields:
      ids.length > 0
        ? sql<
            FieldDefinition[] | null
          >`(select json_agg(json_build_object('id', ${customFields.id}, 'name', ${customFields.name},
            'type', ${customFields.type}, 'choices', ${customFields.choices}))
            from ${customFields} where ${customFields.id} = any(${sql.param(ids)}::uuid[]) and ${customFields.eventId} = ${eventId})`
        : sql<FieldDefinition[] | null>`null`,
    preferredLanguage: sql<string>`(select preferred_language from events where id = ${eventId})`,
  };
}

/** The name a list shows: first and last names, else the email address. */
export const guestName = (row: Pick<ShownGuestRow, "firstName" | "lastName" | "email">) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email || "";

const ticketLabel: Record<Language, string> = { fr: "Billet", en: "Ticket", es: "Entrada" };

export function shownGuest(
  displayedFields: readonly string[],
  row: ShownGuestRow,
  definitions: FieldDefinitions,
  language: Language,
): CheckinGuest {
  const labels = exportLabels[language];
  const fields = displayedFields.flatMap((key) => {
    const field = (label: string, value: string) => (value ? [{ key, label, value }] : []);
    switch (key) {
      case "firstName":
      case "lastName":
      case "company":
      case "jobTitle":
      case "phone":
        return field(labels.columns[key], row[key]);
      case "email":
        return field(labels.columns.email, row.email ?? "");
      case "civility":
        return field(
          labels.columns.civility,
          row.civility ? ((labels.civility as Record<string, string>)[row.civility] ?? "") : "",
        );
      case "status":
        return field(labels.columns.status, labels.status[row.status]);
      case "ticket":
        return field(
          ticketLabel[language],
          (row.tickets ?? [])
            .map((caption) => localizedText(caption, language, definitions.preferredLanguage))
            .join(", "),
        );
      default: {
        const definition = definitions.fields?.find((candidate) => `custom:${candidate.id}` === key);
        return definition ? field(definition.name, customValue(definition, row.customFields?.[definition.id])) : [];
      }
    }
  });
  return { id: row.guestId, name: guestName(row), fields };
}

/** A choice field holds its choice's id (a multiple choice, several): the screen shows their labels. */
function customValue(definition: FieldDefinition, value: CustomFieldValue | undefined): string {
  if (value === undefined || value === null) return "";
  const label = (id: string) => definition.choices.find((choice) => choice.id === id)?.label ?? id;
  if (Array.isArray(value)) return value.map((item) => label(String(item))).join(", ");
  return definition.choices.length > 0 ? label(String(value)) : String(value);
}
