import type { CustomField, Guest, GuestStatus } from "../../../contract/guests";

type Named = Pick<Guest, "firstName" | "lastName" | "email">;

/** A guest may have only an email, or nothing yet (a nameless record from an import): never show a blank link. */
export const guestName = (guest: Named, fallback: string) =>
  `${guest.firstName} ${guest.lastName}`.trim() || guest.email || fallback;

/** Colours chosen so each badge keeps AA contrast with the light variant's dark text. */
export const statusColors: Record<GuestStatus, string> = {
  not_responded: "gray",
  refused: "red",
  pending_approval: "yellow",
  rejected: "red",
  confirmed: "green",
  cancelled: "orange",
  to_be_seen: "blue",
};

/** A custom field value as text, in the reader's language: choices by label, dates and numbers localized. */
export function formatCustomValue(
  field: CustomField,
  value: Guest["customFields"][string] | undefined,
  language: string,
) {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return "";
  const label = (id: string) => field.choices.find((choice) => choice.id === id)?.label ?? id;
  if (Array.isArray(value)) return value.map(label).join(", ");
  if (typeof value === "number") return new Intl.NumberFormat(language).format(value);
  switch (field.type) {
    case "unique_choice":
    case "dropdown":
      return label(value);
    case "date": {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime())
        ? value
        : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
    }
    default:
      return value;
  }
}
