import type { PublicModules } from "../../../contract/public.js";
import type { Executor } from "../../db/connection.js";
import type { EventRow } from "../events/events.visibility.js";
import { availabilityByDates } from "../forms/submissions/submissions.availability.js";
import { onlineFormOfType } from "../forms/submissions/submissions.service.js";

/**
 * The one place that decides which public pages of an event exist; the event page links to these and nothing else.
 * Registration: an online registration form (its page tells when it is not open yet, closed or full). Survey: an
 * online survey that is accessible now (SPEC §4: from its dates).
 */
export async function publicModules(executor: Executor, event: EventRow): Promise<PublicModules> {
  const [registration, survey] = await Promise.all([
    onlineFormOfType(executor, event.id, "registration"),
    onlineFormOfType(executor, event.id, "survey"),
  ]);
  return {
    registration: registration !== undefined,
    survey: survey !== undefined && availabilityByDates(survey, event) === "open",
    contact: true,
    attendees: event.attendeesListPublic,
    memberArea: true,
  };
}
