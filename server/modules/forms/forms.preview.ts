import type { PublicForm } from "../../../contract/forms.js";
import type { AppContext } from "../../platform/context.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { requireForm } from "./forms.service.js";
import { toPublicForm } from "./submissions/submissions.public.js";

/**
 * `GET forms/view/{id}/{language}`: the form as a guest would see it, built from the WORKING items so the builder's
 * preview and "view as guest" show the edits not yet published.
 */
export async function previewForm(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
): Promise<PublicForm> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const form = await requireForm(context.db, eventId, id);
  return toPublicForm(context.db, event, form, form.items);
}
