import { and, eq, ne } from "drizzle-orm";
import type { PublicForm } from "../../../contract/forms.js";
import type { AppContext } from "../../platform/context.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { requireForm } from "./forms.service.js";
import { forms } from "./forms.tables.js";
import { formAvailability } from "./submissions/submissions.availability.js";
import { filledAnswerIds } from "./submissions/submissions.quotas.js";

/**
 * `GET forms/view/{id}/{language}`: the form as a guest would see it, built from the WORKING items so the builder's
 * preview and "view as guest" show the edits not yet published. Availability and filled quotas are the live ones.
 */
export async function previewForm(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
): Promise<PublicForm> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const form = await requireForm(context.db, eventId, id);
  const withCompanions = form.type === "registration" && form.options.companionsEnabled;
  const [availability, filled, [companion]] = await Promise.all([
    formAvailability(context.db, form, event),
    filledAnswerIds(context.db, form.id, form.items),
    withCompanions
      ? context.db
          .select({ id: forms.id, items: forms.publishedItems })
          .from(forms)
          .where(and(eq(forms.eventId, eventId), eq(forms.type, "companion"), ne(forms.status, "draft")))
      : [],
  ]);
  return {
    id: form.id,
    type: form.type,
    title: form.title,
    description: form.description,
    items: form.items,
    availability,
    opensAt: form.options.opensAt,
    // A registration also closes with the event's registration closing date (as availabilityByDates has it).
    closesAt:
      form.options.closesAt ?? ((form.type === "registration" && event.registrationClosesAt?.toISOString()) || null),
    requiresApproval: form.options.requiresApproval,
    ratingMax: event.ratingMax,
    maxCompanions: withCompanions ? event.maxCompanions : 0,
    companionForm: companion ? { id: companion.id, items: companion.items ?? [] } : null,
    filledAnswerIds: filled,
    // The public address: it serves the PDF once the form is online, without the organizer's session header.
    termsUrl: form.termsFileId ? `/api/v1/public/events/${event.slug}/forms/${form.id}/terms` : null,
    confirmationMessage: form.options.confirmationMessage,
  };
}
